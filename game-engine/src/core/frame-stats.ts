/**
 * Work time per frame (update + render, in ms) over the last `capacity` frames, so a game
 * developer or a benchmark can read p50 and p95 without keeping every sample.
 */
export class FrameStats {
  private readonly samples: Float64Array;
  private count = 0;
  private next = 0;

  constructor(readonly capacity = 240) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.samples = new Float64Array(capacity);
  }

  record(workMs: number): void {
    if (!Number.isFinite(workMs) || workMs < 0) return;
    this.samples[this.next] = workMs;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  get frames(): number {
    return this.count;
  }

  /** The q-quantile (0..1) of the kept samples by the nearest-rank method; 0 with no samples. */
  quantile(q: number): number {
    if (this.count === 0) return 0;
    const sorted = Array.from(this.samples.subarray(0, this.count)).sort((a, b) => a - b);
    const rank = Math.min(this.count - 1, Math.max(0, Math.ceil(q * this.count) - 1));
    return sorted[rank] ?? 0;
  }

  summary(): { frames: number; p50: number; p95: number; max: number } {
    return { frames: this.count, p50: this.quantile(0.5), p95: this.quantile(0.95), max: this.quantile(1) };
  }

  reset(): void {
    this.count = 0;
    this.next = 0;
  }
}
