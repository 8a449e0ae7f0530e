/**
 * Minimal PNG encode/decode for the art and map scripts: 8-bit RGBA, no interlace, node:zlib only.
 * Encoding is deterministic for a given input (fixed filter choice and deflate level), so generated
 * assets are byte-identical from run to run.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { at } from '../src/sim/checked';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An RGBA image: width*height*4 bytes, row-major, straight alpha. */
export interface Image {
  width: number;
  height: number;
  data: Uint8Array;
}

/** CRC-32 (IEEE 802.3) lookup table, as specified by the PNG standard. */
const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = at(CRC_TABLE, (c ^ byte) & 0xff, 'CRC table') ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).copy(out, 8);
  // The CRC covers the chunk type and data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Encode `rgba` (width*height*4 bytes, row-major, straight alpha) as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) {
    throw new Error(`encodePng: expected ${width * height * 4} bytes, got ${rgba.length}`);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: truecolour + alpha
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method 0
  ihdr[12] = 0; // no interlace

  // Each scanline gets filter type 1 (Sub): pixel art has long runs, which Sub turns into zeros.
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowIn = y * stride;
    const rowOut = y * (stride + 1);
    raw[rowOut] = 1;
    for (let i = 0; i < stride; i++) {
      const left = i >= 4 ? at(rgba, rowIn + i - 4, 'pixel') : 0;
      raw[rowOut + 1 + i] = (at(rgba, rowIn + i, 'pixel') - left) & 0xff;
    }
  }
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}

/** Encode an Image as a PNG file. */
export const encodeImage = (img: Image): Buffer => encodePng(img.width, img.height, img.data);

/** Width and height from a PNG's IHDR chunk, without decoding pixels. */
export function readPngSize(png: Uint8Array): { width: number; height: number } {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
  if (buf.toString('ascii', 12, 16) !== 'IHDR') throw new Error('PNG without leading IHDR chunk');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** Decode an 8-bit RGBA, non-interlaced PNG (any of the five scanline filters). */
export function decodePng(png: Uint8Array): Image {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
  let pos = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) throw new Error('only 8-bit RGBA non-interlaced PNGs are supported');
    } else if (type === 'IDAT') idat.push(body);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= 4 ? at(data, y * stride + i - 4, 'left pixel') : 0;
      const b = y > 0 ? at(data, (y - 1) * stride + i, 'pixel above') : 0;
      const c = i >= 4 && y > 0 ? at(data, (y - 1) * stride + i - 4, 'pixel above left') : 0;
      let v = at(line, i, `PNG scanline ${y} (image data ends early)`);
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      data[y * stride + i] = v & 0xff;
    }
  }
  return { width, height, data };
}
