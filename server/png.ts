import { deflateSync } from 'node:zlib';

/** An RGB raster that can be encoded as a PNG without any image library. */
class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: readonly [number, number, number] = [255, 255, 255],
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  fillRect(x: number, y: number, w: number, h: number, rgb: readonly [number, number, number]): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + w));
    const y1 = Math.min(this.height, Math.floor(y + h));
    for (let row = y0; row < y1; row++) {
      for (let col = x0; col < x1; col++) {
        const i = (row * this.width + col) * 3;
        this.pixels[i] = rgb[0];
        this.pixels[i + 1] = rgb[1];
        this.pixels[i + 2] = rgb[2];
      }
    }
  }

  toPng(): Buffer {
    const stride = this.width * 3 + 1;
    const raw = Buffer.alloc(stride * this.height);
    for (let row = 0; row < this.height; row++) {
      raw[row * stride] = 0; // filter type: none
      raw.set(this.pixels.subarray(row * this.width * 3, (row + 1) * this.width * 3), row * stride + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type: truecolour
    header[10] = 0;
    header[11] = 0;
    header[12] = 0;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [37, 99, 235],
  [22, 163, 74],
  [217, 119, 6],
  [220, 38, 38],
  [124, 58, 237],
  [8, 145, 178],
];

/** Draws a bar chart of the given values (each 0..100) as a PNG. */
export function drawBarChart(values: readonly number[], width = 480, height = 240): Buffer {
  const img = new Raster(width, height, [248, 250, 252]);
  const margin = 20;
  const plotH = height - margin * 2;
  const plotW = width - margin * 2;
  // axes
  img.fillRect(margin, height - margin, plotW, 2, [71, 85, 105]);
  img.fillRect(margin, margin, 2, plotH, [71, 85, 105]);
  // grid lines every 25%
  for (let q = 1; q <= 4; q++) {
    img.fillRect(margin + 2, height - margin - (plotH * q) / 4, plotW - 2, 1, [226, 232, 240]);
  }
  const n = Math.max(1, values.length);
  const slot = plotW / n;
  const barW = Math.max(2, slot * 0.7);
  values.forEach((v, i) => {
    const clamped = Math.max(0, Math.min(100, v));
    const h = (plotH * clamped) / 100;
    img.fillRect(margin + 2 + i * slot + (slot - barW) / 2, height - margin - h, barW, h, PALETTE[i % PALETTE.length]!);
  });
  return img.toPng();
}
