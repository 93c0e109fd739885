/**
 * The road scene's tuning, in one place: sizes are in lane heights (`laneH`) unless they say
 * px, times in engine ms, speeds per second. The plan (plan.ts) keeps the timing of a round.
 */
export const ROAD = {
  /**
   * Sizes (px) before the first layout: the lanes built with the scene take their first cars'
   * speeds and places from them.
   */
  initial: { laneH: 96, startH: 150, finishH: 150, coverSize: 60, carLength: 110, carWidth: 56 },

  layout: {
    /** laneH = the view's height / lanesPerView, within [minLaneH, maxLaneH] px. */
    lanesPerView: 6.3,
    minLaneH: 62,
    maxLaneH: 118,
    startH: 1.7,
    finishH: 1.5,
    /** The hero stands this far into the start pavement (of its height). */
    startLine: 0.42,
    coverSize: 0.64,
    carLength: 1.12,
    carWidth: 0.56,
    heroSize: 0.62,
  },

  camera: {
    /** The hero is kept this far down the view (of its height). */
    heroAt: 0.66,
    /** The shake after a hit: how long, how far and how fast, sideways and up and down. */
    shakeMs: 380,
    shakeX: 0.08,
    shakeY: 0.05,
    shakeXRate: 0.09,
    shakeYRate: 0.11,
  },

  lanes: {
    /** A lane's multiplier: font size and glyphs made, and its size (px) in lane heights, within [min, max]. */
    labelFont: 15,
    labelGlyphs: 10,
    labelSize: 0.17,
    minLabelSize: 11,
    maxLabelSize: 19,
    /** Labels of lanes ahead once the traps are shown. */
    aheadAlpha: 0.5,
    goldLabelTint: 0x4a2f00,
    /** The glow under the next lane's cover: its pulse period, size in covers and alpha. */
    pulseMs: 260,
    glowSize: 1.9,
    glowPulse: 0.25,
    glowAlpha: 0.3,
    glowAlphaPulse: 0.25,
  },

  barrier: {
    width: 0.2,
    height: 0.82,
    /** From the cover's edge, upstream. */
    gap: 0.3,
    /** Its foot below the lane's middle, and how far above that it starts its fall. */
    foot: 0.41,
    fall: 0.9,
    overshoot: 2.4,
    /** Alpha reaches 1 at a third of the drop. */
    fadeIn: 3,
  },

  finish: {
    font: 30,
    letterSpacing: 6,
    size: 0.3,
    /** Above the finish pavement's middle (of its height). */
    lift: 0.02,
  },

  traffic: {
    /** Cars on a lane at most. */
    carLimit: 3,
    /** Where pooled cars wait (px): far outside any view. */
    parked: -100_000,
    firstSpawnMs: [0, 1600],
    spawnMs: [900, 2800],
    /** Lane heights per second. */
    speed: [2.3, 4.2],
    /** Speed factor of cars clearing a lane the hero enters. */
    boost: 3.6,
    /** Between a car's rear and the next one's front. */
    gap: 0.25,
    /** A stopped lane holds its cars this far before the cover's edge. */
    stopLine: 0.42,
    /** px before the stop line. */
    stopMargin: 4,
    /** Cars between the stop line and this far past the column speed away. */
    heroEdge: 0.45,
    /** Cars already on a lane when the road appears: up to `count`, spread over a view at least `minWidth` px wide. */
    populate: { count: 2, minWidth: 320, spacing: 0.55, jitter: 0.3 },
    beamAlpha: 0.5,
    /** Headlight beams in car lengths and widths, ahead of the car's middle. */
    beamLength: 0.7,
    beamWidth: 1.1,
    beamAhead: 0.45,
    /** The car that hits: beam alpha, and shown while within half a view (in lane heights) and this much more. */
    hitBeamAlpha: 0.8,
    hitReach: 1.5,
  },

  hero: {
    /** Hop height. */
    lift: 0.42,
    /** Idle bob: period and height. */
    idleMs: 420,
    idleBob: 0.025,
    /** Feet below the lane's middle (of the hero's size). */
    feet: 0.38,
    /** Knocked down: flattened and widened by, and darkened by. */
    flatten: 0.65,
    widen: 0.35,
    darken: 0.35,
    /** The shadow, in hero sizes: where, how wide and tall, shrinking as the hero hops. */
    shadowAt: 0.4,
    shadowWidth: 1.1,
    shadowWidthLift: 0.4,
    shadowHeight: 0.36,
    shadowHeightLift: 0.3,
    shadowAlpha: 0.6,
    /** The cash-out burst rises from this high on the hero (of its size). */
    burstAt: 0.2,
  },

  burst: {
    count: 34,
    seed: 1,
    /** Speed and particle size in lane heights, gravity in lane heights per second². */
    speed: [2.5, 6.5],
    size: [0.12, 0.26],
    lifeMs: [700, 1400],
    gravity: 11,
    drag: 1.2,
    spread: Math.PI * 1.3,
    spin: 8,
    delayMs: [0, 200],
  },

  hud: {
    /** The red flash of a hit: how long and how strong. */
    flashMs: 480,
    flashAlpha: 0.38,
    /** The banner: its pill (px), top (px, or of the view's height), titles and value (px). */
    pillWidth: 240,
    pillHeight: 76,
    minTop: 58,
    top: 0.12,
    titleFont: 16,
    titleSpacing: 3,
    titleY: -15,
    valueFont: 28,
    valueGlyphs: 16,
    valueY: 13,
    cashoutTitleTint: 0x4a2f00,
    crashTitleTint: 0xffffff,
    goldValueTint: 0x2a1a00,
    valueTint: 0xffffff,
    /** After the hit, the crash banner waits this long. */
    crashDelayMs: 250,
    /** The banner pops in (with overshoot) and fades in. */
    popMs: 420,
    popOvershoot: 2.2,
    fadeMs: 200,
  },
} as const;
