// The page of a bench floor (bench/floor, bench/stack-floor): written from this one template before a
// bench builds the floor, since the floors' pages differ by their title and entry alone. Not kept in git
// (.gitignore): the template is the source.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `index.html` in a floor's folder: its title is the folder's name, its one script `entry`. */
export function writeFloorPage(root, entry) {
  const title = path.basename(root).replace('-', ' ');
  const head = `<head><meta charset="UTF-8" /><title>${title}</title></head>`;
  const body = `<body><div id="root"></div><script type="module" src="./${entry}"></script></body>`;
  writeFileSync(path.join(root, 'index.html'), `<!doctype html>\n<html lang="fr-FR">${head}${body}</html>\n`);
}
