// A password for a command: typed at a prompt that echoes nothing when a person is at the terminal,
// otherwise the first line of a file or of standard input (scripts, containers). Never printed.
import { readFile } from 'node:fs/promises';
import type { CommandIo } from './command-io.ts';
import { CommandError } from './command-io.ts';

const firstLine = (text: string): string => text.split(/\r?\n/)[0] ?? '';

async function readAll(stream: CommandIo['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads one line in raw mode: the terminal shows nothing of what is typed. */
function promptHidden(io: CommandIo, prompt: string): Promise<string> {
  const { stdin } = io;
  io.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: CommandError) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: Buffer | string) => {
      for (const char of data.toString()) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          return;
        }
        if (char === '\u0003') {
          finish(new CommandError('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

export async function readPassword(io: CommandIo, passwordFile: string | undefined): Promise<string> {
  if (passwordFile !== undefined) {
    try {
      return firstLine(await readFile(passwordFile, 'utf8'));
    } catch (error) {
      throw new CommandError(`cannot read --password-file: ${(error as Error).message}`);
    }
  }
  if (io.stdin.isTTY === true && io.stdin.setRawMode !== undefined) {
    const password = await promptHidden(io, 'Password: ');
    if ((await promptHidden(io, 'Password again: ')) !== password)
      throw new CommandError('the two passwords differ');
    return password;
  }
  return firstLine(await readAll(io.stdin));
}
