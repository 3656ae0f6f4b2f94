/** Saves a blob under `nome` through an object URL and a temporary <a download> (pay documents, reports). */
export function salvarArquivo(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: revoke it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
