// The IndexedDB write of the annotator's name set last (ui-store.ts starts it), so a label signed
// with that name is written after it. Apart from the store, which reads localStorage when loaded.

let nameWrite: Promise<void> = Promise.resolve();

/** Resolves once the name set last is on disk (or its write failed). */
export function annotatorWritten(): Promise<void> {
  return nameWrite;
}

/** The write of a name just set; it must not reject (a failure is said where it is caught). */
export function trackAnnotatorWrite(write: Promise<void>): void {
  nameWrite = write;
}
