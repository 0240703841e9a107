/** The server's Lingui extractor (lingui-extractor.mjs): every English text the server sends, with where it is written. */
export function collectServerMessages(): Map<string, [file: string, line: number]>;
declare const extractor: {
  match(filename: string): boolean;
  extract(filename: string, code: string, onMessageExtracted: (message: { id: string; message: string; origin: [string, number] }) => void): Promise<void>;
};
export default extractor;
