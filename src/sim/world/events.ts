/** An event as (subject, predicate, object): "Ana Moreno", "is", "brewing coffee". */
export type Triple = [string, string, string];

/** Something happening at a place that a persona can perceive (Smallville's tile event). */
export interface WorldEvent {
  subject: string;
  predicate: string;
  object: string;
  description: string;
}

export function tripleEvent(t: Triple, description: string | null): WorldEvent {
  return { subject: t[0], predicate: t[1], object: t[2], description: description ?? `${t[0]} ${t[1]} ${t[2]}` };
}

export function isIdle(e: WorldEvent): boolean {
  return e.predicate === 'is' && e.object === 'idle';
}
