import { clamp, lerp } from '../../core/easing';
import { ROAD } from './config';

/**
 * The road's geometry for the view's size: lane height and what follows from it, where each
 * lane, the pavements and the hero are in the world (y = 0 at the start line, up is negative),
 * and the camera. Shared by the scene's parts; only the scene changes it.
 */
export class RoadLayout {
  width = 1;
  height = 1;
  /** Lanes of the road drawn. */
  lanes: number;
  laneH: number = ROAD.initial.laneH;
  startH: number = ROAD.initial.startH;
  finishH: number = ROAD.initial.finishH;
  columnX = 0;
  coverSize: number = ROAD.initial.coverSize;
  carLength: number = ROAD.initial.carLength;
  carWidth: number = ROAD.initial.carWidth;
  /** Lanes in view (see `findVisible`). */
  low = 0;
  high = 0;

  constructor(lanes: number) {
    this.lanes = lanes;
  }

  /** Sizes for a view of `width` x `height`. */
  update(width: number, height: number): void {
    const { layout } = ROAD;
    this.width = width;
    this.height = height;
    this.laneH = Math.round(clamp(height / layout.lanesPerView, layout.minLaneH, layout.maxLaneH));
    this.startH = Math.round(this.laneH * layout.startH);
    this.finishH = Math.round(this.laneH * layout.finishH);
    this.columnX = Math.round(width / 2);
    this.coverSize = Math.round(this.laneH * layout.coverSize);
    this.carLength = Math.round(this.laneH * layout.carLength);
    this.carWidth = Math.round(this.laneH * layout.carWidth);
  }

  get heroSize(): number {
    return this.laneH * ROAD.layout.heroSize;
  }

  laneY(lane: number): number {
    return -(lane + 0.5) * this.laneH;
  }

  startY(): number {
    return this.startH * ROAD.layout.startLine;
  }

  finishY(): number {
    return -this.lanes * this.laneH - this.finishH * 0.5;
  }

  /** World y of a fractional hero position (-1 start, 0..lanes-1, lanes = finish). */
  heroY(position: number): number {
    const last = this.lanes - 1;
    if (position <= 0) return lerp(this.startY(), this.laneY(0), position + 1);
    if (position >= last) return lerp(this.laneY(last), this.finishY(), position - last);
    return this.laneY(position);
  }

  /** The world's y on the view that keeps the hero at `heroY` low in it, never past either end of the road. */
  cameraY(heroY: number): number {
    const minY = this.height - this.startH;
    const maxY = this.lanes * this.laneH + this.finishH;
    return clamp(this.height * ROAD.camera.heroAt - heroY, minY, Math.max(minY, maxY));
  }

  /** Progress where a stopped lane holds its traffic (the barrier line). */
  stopLine(): number {
    return this.width / 2 - this.coverSize * 0.5 - this.laneH * ROAD.traffic.stopLine;
  }

  /** Sets `low`..`high`: the lanes in view with the world at `worldY`, one more either side. */
  findVisible(worldY: number): void {
    const top = -worldY;
    const bottom = top + this.height;
    this.low = Math.max(0, Math.floor(-bottom / this.laneH) - 1);
    this.high = Math.min(this.lanes - 1, Math.ceil(-top / this.laneH) + 1);
  }
}
