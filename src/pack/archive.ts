import { unzip, type Unzipped } from 'fflate';
import { gunzipBounded, isGzip } from '../io/bounded';
import { PACK_LIMITS, packFromEntries, type PackFiles } from './files';

/**
 * A town pack handed over as one file: a .zip (read with fflate, a small well-kept inflater), or a
 * gzipped tar (.tar.gz, .tgz). Sizes are bounded before anything is inflated whole: the count of
 * files, each file's size and the total.
 */

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

function tooLarge(label: string, what: string): Error {
  return new Error(`The town ${label} is too large: ${what}`);
}

async function fromZip(label: string, bytes: Uint8Array): Promise<PackFiles> {
  let files = 0;
  let total = 0;
  let refused = '';
  const out = await new Promise<Unzipped>((resolve, reject) =>
    unzip(
      bytes,
      {
        filter: (f) => {
          if (f.name.endsWith('/')) return false;
          files++;
          total += f.originalSize;
          if (files > PACK_LIMITS.maxFiles) refused ||= `more than ${PACK_LIMITS.maxFiles} files (limit: files in a pack)`;
          else if (f.originalSize > PACK_LIMITS.maxFileBytes) refused ||= `${f.name} unpacks to ${Math.round(f.originalSize / 1024 / 1024)} MB (limit: file size ${PACK_LIMITS.maxFileBytes / 1024 / 1024} MB)`;
          else if (total > PACK_LIMITS.maxTotalBytes) refused ||= `it unpacks to more than ${PACK_LIMITS.maxTotalBytes / 1024 / 1024} MB (limit: pack size)`;
          return !refused;
        },
      },
      (err, data) => (err ? reject(new Error(`The town ${label} is not a readable zip (${err.message})`)) : resolve(data)),
    ),
  );
  if (refused) throw tooLarge(label, refused);
  return packFromEntries(label, Object.entries(out));
}

/** A tar archive's files (ustar: name and prefix, octal size, regular files only). */
function untar(label: string, tar: Uint8Array): [string, Uint8Array][] {
  const text = (from: number, len: number) => new TextDecoder().decode(tar.subarray(from, from + len)).replace(/\0.*$/s, '');
  const out: [string, Uint8Array][] = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = text(at, 100);
    if (!name) break;
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = text(at + 156, 1);
    const prefix = text(at + 257, 6).startsWith('ustar') ? text(at + 345, 155) : '';
    if (!Number.isFinite(size) || size < 0) throw new Error(`The town ${label} is not a readable tar archive (a bad size at byte ${at + 124})`);
    if ((type === '0' || type === '') && !name.endsWith('/')) {
      if (out.length >= PACK_LIMITS.maxFiles) throw tooLarge(label, `more than ${PACK_LIMITS.maxFiles} files (limit: files in a pack)`);
      out.push([prefix ? `${prefix}/${name}` : name, tar.slice(at + 512, at + 512 + size)]);
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

/** One file as a pack: a zip, or a gzipped tar; anything else is refused naming what it is not. */
export async function packFromArchive(label: string, bytes: Uint8Array): Promise<PackFiles> {
  if (isZip(bytes)) return fromZip(label, bytes);
  if (isGzip(bytes)) {
    const tar = await gunzipBounded(bytes, label, PACK_LIMITS.maxTotalBytes).catch((err: unknown) => {
      throw new Error(`The town ${label} could not be unpacked: ${err instanceof Error ? err.message : String(err)}`);
    });
    return packFromEntries(label, untar(label, tar));
  }
  throw new Error(`The town ${label} is neither a .zip nor a gzipped tar (.tar.gz): open the town's folder, or one of those`);
}
