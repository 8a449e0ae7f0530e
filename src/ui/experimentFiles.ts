import type { PickedFile } from '../replay/pickedFile';

const baseName = (name: string) => (name.split('/').pop() ?? name).toLowerCase();

/**
 * Whether what was dropped or picked is an experiment's results (docs/experiments.md) rather than a
 * replay or a town: its manifest.json, results.csv or report.html, or a lone .csv or .html file.
 */
export function isExperimentDrop(files: PickedFile[]): boolean {
  if (files.some((f) => ['manifest.json', 'results.csv', 'report.html'].includes(baseName(f.name)))) return true;
  const [only] = files;
  return files.length === 1 && only !== undefined && /\.(csv|html?)$/i.test(only.name);
}
