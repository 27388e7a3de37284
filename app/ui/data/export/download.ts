// Saves text or bytes as a file through a temporary object URL.
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(name: string, text: string, type = 'application/x-ndjson'): void {
  downloadBlob(name, new Blob([text], { type }));
}

export function stamp(): string {
  return new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
}
