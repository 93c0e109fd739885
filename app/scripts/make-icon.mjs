// Draws public/icon-192.png (the app icon for the TON Connect manifest): a gold TON coin on a
// dark rounded square. No dependencies: shapes are sampled 4x4 per pixel, the PNG is written
// with zlib. Run: node scripts/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 192;
const SAMPLES = 4;

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * Math.min(1, Math.max(0, t)));
const hex = (value) => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));

function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), SIZE - radius);
  const cy = Math.min(Math.max(y, radius), SIZE - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/** The colour at one sample point, or null outside the icon. */
function sample(x, y) {
  if (!insideRoundedSquare(x, y, 42)) return null;
  // background: deep blue-black with a glow behind the coin
  const glow = Math.max(0, 1 - Math.hypot(x - 96, y - 86) / 120);
  let color = mix(hex('#0b0d13'), hex('#15305a'), glow * 0.9);

  const cx = 96;
  const cy = 90;
  const edge = Math.hypot(x - cx, (y - (cy + 9)) * 1.02);
  if (edge <= 70) color = mix(hex('#7a4a0c'), hex('#c98a22'), 0.5 + 0.5 * Math.cos(((x - cx) / 70) * Math.PI));
  const d = Math.hypot(x - cx, y - cy);
  if (d <= 70) color = mix(hex('#fff1b8'), hex('#8c560f'), (x - cx + y - cy + 100) / 200);
  if (d <= 61) {
    const light = Math.hypot(x - (cx - 22), y - (cy - 26)) / 95;
    color = light < 0.3 ? mix(hex('#fff8d6'), hex('#ffdf73'), light / 0.3) : mix(hex('#ffdf73'), hex('#c27d1c'), (light - 0.3) / 0.7);
  }
  if (Math.abs(d - 53) <= 1.2) color = mix(color, hex('#b9781d'), 0.6);

  // the TON mark, embossed: a light offset stroke under a dark one
  const mark = (ox, oy) => {
    const px = x - (cx + ox);
    const py = y - (cy + 2 + oy);
    return Math.min(
      segmentDistance(px, py, -27, -21, 27, -21),
      segmentDistance(px, py, 27, -21, 0, 27),
      segmentDistance(px, py, 0, 27, -27, -21),
      segmentDistance(px, py, 0, -21, 0, 27),
    );
  };
  if (d <= 61 && mark(-1.2, -1.6) <= 4.2) color = mix(color, hex('#fff4c4'), 0.85);
  if (d <= 61 && mark(0, 0) <= 4.2) color = mix(hex('#9a5f10'), hex('#6e3f06'), (y - 60) / 60);
  return color;
}

const rows = [];
for (let y = 0; y < SIZE; y += 1) {
  const row = Buffer.alloc(1 + SIZE * 4);
  for (let x = 0; x < SIZE; x += 1) {
    let r = 0;
    let g = 0;
    let b = 0;
    let covered = 0;
    for (let sy = 0; sy < SAMPLES; sy += 1) {
      for (let sx = 0; sx < SAMPLES; sx += 1) {
        const c = sample(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
        if (!c) continue;
        r += c[0];
        g += c[1];
        b += c[2];
        covered += 1;
      }
    }
    const offset = 1 + x * 4;
    if (covered > 0) {
      row[offset] = Math.round(r / covered);
      row[offset + 1] = Math.round(g / covered);
      row[offset + 2] = Math.round(b / covered);
    }
    row[offset + 3] = Math.round((covered / (SAMPLES * SAMPLES)) * 255);
  }
  rows.push(row);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);

const target = new URL('../public/icon-192.png', import.meta.url);
writeFileSync(target, png);
console.log(`wrote ${target.pathname} (${png.length} bytes)`);
