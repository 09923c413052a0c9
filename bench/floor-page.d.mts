// Types of bench/floor-page.mjs for the TypeScript benches that import it.
export declare function writeFloorPage(root: string, entry: string): void;
