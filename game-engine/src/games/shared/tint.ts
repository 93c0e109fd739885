/**
 * Sets a display object's tint only when it changes. pixi parses every tint it is given
 * (Color.setValue: a source comparison, channel arrays, a BGR conversion) before it sees that
 * nothing changed, allocating on each call; the scenes pose their sprites on every frame, so
 * unchanged tints would make garbage on every frame (and the scavenges that land in frames).
 * Reading `tint` back is plain arithmetic on the stored colour.
 */
export function setTint(target: { tint: number }, color: number): void {
  if (target.tint !== color) target.tint = color;
}
