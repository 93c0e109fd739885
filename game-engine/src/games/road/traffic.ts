import { Container, Sprite, type Texture } from 'pixi.js';
import { hashSeed, Random } from '../../core/random';
import { ROAD } from './config';
import type { RoadLayout } from './layout';
import { laneDirection, stepCarOffset, type RoadStepPlan } from './plan';

interface Car {
  sprite: Sprite;
  beam: Sprite;
  lane: number;
  /** Distance along the traffic direction, px (0 = the upstream screen edge). */
  s: number;
  speed: number;
  boost: boolean;
}

interface TrafficLane {
  cars: Car[];
  nextSpawnMs: number;
  random: Random;
}

export interface TrafficTextures {
  /** Every car paint, on one texture source. */
  cars: readonly Texture[];
  /** Headlight light: the additive copy (normal blending) when the bag could make one. */
  beam: Texture;
  beamBlend: 'normal' | 'add';
}

/**
 * The road's cars (cosmetic, seeded per lane): they drive each lane one way, stop at the
 * barrier of a lane the hero has crossed, and one comes for the hero on a trap. Cars never
 * change visibility (in pixi every visibility change rebuilds the render group's draw list):
 * a car leaving the road waits in a pool, parked off the world.
 */
export class RoadTraffic {
  /** Headlight beams (additive light) under all cars. */
  readonly beamLayer = new Container();
  readonly carLayer = new Container();
  /** The car that hits the hero on a trap, with its beam. */
  readonly hitCar: Sprite;
  readonly hitBeam: Sprite;
  private lanes: TrafficLane[] = [];
  private readonly pool: Car[] = [];
  /** Lanes that take no more traffic: the ones the hero has entered. */
  private stops = new Set<number>();

  constructor(
    private readonly textures: TrafficTextures,
    private readonly layout: RoadLayout,
    private readonly seed: number,
  ) {
    this.hitCar = new Sprite(textures.cars[0]);
    this.hitCar.anchor.set(0.5);
    this.hitBeam = new Sprite(textures.beam);
    this.hitBeam.anchor.set(0, 0.5);
    this.hitBeam.blendMode = textures.beamBlend;
  }

  /** Whether `lane` takes no more traffic. */
  stopped(lane: number): boolean {
    return this.stops.has(lane);
  }

  /** Lanes 0..`position` take no more traffic (a new round, or one restored). */
  stopUpTo(position: number): void {
    this.stops = new Set(Array.from({ length: Math.max(0, position + 1) }, (_, i) => i));
  }

  /** New traffic for `count` lanes, with some cars already on the road; the old cars wait in the pool. */
  rebuild(count: number): void {
    for (const lane of this.lanes) for (const car of lane.cars) this.recycle(car);
    this.lanes = [];
    for (let i = 0; i < count; i++) {
      const random = new Random(hashSeed(this.seed, 'lane', i));
      this.lanes.push({ cars: [], nextSpawnMs: random.range(...ROAD.traffic.firstSpawnMs), random });
    }
    this.populate();
  }

  /** Every car (and the pooled ones) sized for the layout. */
  resize(): void {
    for (const lane of this.lanes) for (const car of lane.cars) this.sizeCar(car.sprite, car.beam);
    for (const car of this.pool) this.sizeCar(car.sprite, car.beam);
    this.sizeCar(this.hitCar, this.hitBeam);
  }

  /**
   * The lane the hero enters stops taking traffic; cars already between the barrier and the
   * hero speed away so nothing drives through a safe landing.
   */
  clear(laneIndex: number, trap: boolean): void {
    const lane = this.lanes[laneIndex];
    if (!lane) return;
    this.stops.add(laneIndex);
    const { layout } = this;
    const stop = layout.stopLine();
    const heroEdge = layout.width / 2 + layout.laneH * ROAD.traffic.heroEdge;
    for (const car of lane.cars) {
      const front = car.s + layout.carLength / 2;
      const rear = car.s - layout.carLength / 2;
      if ((front > stop || trap) && rear < heroEdge) car.boost = true;
    }
  }

  /** Drives every lane on by `stepMs`; with the world at `worldY`, only the lanes in view are redrawn and spawn. */
  move(stepMs: number, worldY: number): void {
    const { layout } = this;
    const { traffic } = ROAD;
    const dt = stepMs / 1000;
    const width = layout.width;
    const exit = width + layout.carLength;
    const stop = layout.stopLine() - layout.carLength / 2 - traffic.stopMargin;
    const gap = layout.carLength + layout.laneH * traffic.gap;
    layout.findVisible(worldY);
    const low = layout.low;
    const high = layout.high;
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i];
      if (!lane) continue;
      const stopped = this.stops.has(i);
      // Cars ahead in the list are further downstream.
      let limit = Number.POSITIVE_INFINITY;
      // Indexed loops: this runs for every lane on every frame (no iterator objects).
      const cars = lane.cars;
      for (let k = 0; k < cars.length; k++) {
        const car = cars[k] as (typeof cars)[number];
        const speed = car.speed * (car.boost ? traffic.boost : 1);
        let next = car.s + speed * dt;
        if (stopped && car.s <= stop) next = Math.min(next, stop);
        next = Math.min(next, limit);
        car.s = Math.max(car.s, next);
        limit = car.s - gap;
      }
      for (let k = lane.cars.length - 1; k >= 0; k--) {
        const car = lane.cars[k];
        if (car && car.s > exit) {
          lane.cars.splice(k, 1);
          this.recycle(car);
        }
      }
      // Only the lanes in view (and one either side) are drawn; the others keep their cars where they were.
      if (i >= low && i <= high) {
        for (let k = 0; k < cars.length; k++) {
          const car = cars[k] as (typeof cars)[number];
          this.placeCar(car.sprite, car.beam, car.lane, car.s);
        }
      }
      if (stepMs <= 0) continue;
      lane.nextSpawnMs -= stepMs;
      if (lane.nextSpawnMs <= 0) {
        lane.nextSpawnMs = lane.random.range(...traffic.spawnMs);
        const waiting = lane.cars.length;
        const tail = lane.cars[lane.cars.length - 1];
        const room = !tail || tail.s > -layout.carLength / 2 + gap;
        if (i >= low && i <= high && waiting < traffic.carLimit && room && !(stopped && waiting >= 1)) this.spawn(i, -layout.carLength / 2);
      }
    }
  }

  /** The car of a trap `crash`, `at` ms into it; hidden (shrunk to nothing) without one or once it has driven off. */
  drawHitCar(crash: RoadStepPlan | null, at: number): void {
    const { layout } = this;
    const offset = crash ? stepCarOffset(crash, at) : null;
    const visible = crash !== null && offset !== null && offset < (layout.width / layout.laneH) * 0.5 + ROAD.traffic.hitReach;
    if (!crash || offset === null || !visible) {
      this.hitCar.scale.set(0);
      this.hitBeam.scale.set(0);
      return;
    }
    this.hitCar.texture = this.textures.cars[0] ?? this.hitCar.texture;
    this.sizeCar(this.hitCar, this.hitBeam);
    const dir = crash.direction;
    const front = layout.columnX - dir * offset * layout.laneH;
    const x = front - dir * layout.carLength * 0.5;
    const s = dir > 0 ? x : layout.width - x;
    this.placeCar(this.hitCar, this.hitBeam, crash.to, s);
    this.hitBeam.alpha = ROAD.traffic.hitBeamAlpha;
  }

  private recycle(car: Car): void {
    const { parked } = ROAD.traffic;
    car.sprite.position.set(parked, parked);
    car.beam.position.set(parked, parked);
    this.pool.push(car);
  }

  private spawn(laneIndex: number, s: number): void {
    const lane = this.lanes[laneIndex];
    if (!lane) return;
    let car = this.pool.pop();
    if (!car) {
      const sprite = new Sprite(this.textures.cars[0]);
      sprite.anchor.set(0.5);
      const beam = new Sprite(this.textures.beam);
      beam.anchor.set(0, 0.5);
      beam.blendMode = this.textures.beamBlend;
      beam.alpha = ROAD.traffic.beamAlpha;
      this.beamLayer.addChild(beam);
      this.carLayer.addChild(sprite);
      car = { sprite, beam, lane: laneIndex, s, speed: 0, boost: false };
    }
    car.lane = laneIndex;
    car.s = s;
    car.boost = false;
    car.speed = this.layout.laneH * lane.random.range(...ROAD.traffic.speed);
    // All paints share one texture source: no draw-list rebuild for a new colour.
    car.sprite.texture = lane.random.pick(this.textures.cars);
    this.sizeCar(car.sprite, car.beam);
    this.placeCar(car.sprite, car.beam, car.lane, car.s);
    lane.cars.push(car);
  }

  /** Some cars already on the road when it appears (none on stopped lanes). */
  private populate(): void {
    const { populate } = ROAD.traffic;
    const width = Math.max(this.layout.width, populate.minWidth);
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i];
      if (!lane || this.stops.has(i)) continue;
      const count = lane.random.int(0, populate.count);
      for (let k = 0; k < count; k++) this.spawn(i, width - k * width * populate.spacing - lane.random.range(0, width * populate.jitter));
    }
  }

  private sizeCar(sprite: Sprite, beam: Sprite): void {
    const { layout } = this;
    sprite.setSize(layout.carLength, layout.carWidth);
    beam.setSize(layout.carLength * ROAD.traffic.beamLength, layout.carWidth * ROAD.traffic.beamWidth);
  }

  private placeCar(sprite: Sprite, beam: Sprite, lane: number, s: number): void {
    const { layout } = this;
    const dir = laneDirection(lane);
    const x = dir > 0 ? s : layout.width - s;
    const y = layout.laneY(lane);
    sprite.position.set(x, y);
    sprite.scale.x = Math.abs(sprite.scale.x) * dir;
    beam.position.set(x + dir * layout.carLength * ROAD.traffic.beamAhead, y);
    beam.scale.x = Math.abs(beam.scale.x) * dir;
  }
}
