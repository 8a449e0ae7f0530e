/**
 * The faithful call plan (docs/call-plans.md): Smallville's call structure, one call per question,
 * for reproducing the paper and its cost. The verbs cognition asks (callStrategy.ts).
 */
import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { Triple } from '../world/events';
import { objectOf, printAddress } from '../world/actionAddress';
import type { CallStrategy } from '../brain/callStrategy';
import { chooseAddress, DIVERSITY_TRIES, MIN_DISTINCT_ACTIVITIES, reviseIdentity } from './plan';
import { addNewAction } from '../persona/currentAction';
import { createReact } from './react';
import { scoreNow } from './poignancy';

export function faithfulCalls(sim: SimContext): CallStrategy {
  const ctxOf = (p: Persona) => ({ persona: p, now: sim.clock.now });
  return {
    name: 'faithful',

    quickStart: () => null,

    async planDay(p, { wokeAt, firstPlan }) {
      const ctx = ctxOf(p);
      const s = p.scratch;
      const wake = wokeAt ?? (await sim.brain.wakeUpHour(ctx));
      s.wakeUpHour = wake;
      if (firstPlan) {
        s.dailyReq = await sim.brain.dailyPlan(ctx, wake);
      } else {
        // Smallville keeps yesterday's daily_req (a TODO there); here each day gets its own plan: the
        // revised identity's plan for today, so the day's plan thought and the inspector show today's.
        const revised = await reviseIdentity(sim, p);
        if (revised.dailyReq.length > 0) s.dailyReq = revised.dailyReq;
      }
      let hourly: string[] = [];
      for (let attempt = 0; attempt < DIVERSITY_TRIES; attempt++) {
        hourly = [];
        for (let h = 0; h < 24; h++) hourly.push(h < wake ? 'sleeping' : await sim.brain.hourlySchedule(ctx, h, hourly.slice(), attempt));
        if (new Set(hourly).size >= MIN_DISTINCT_ACTIVITIES) break;
      }
      return hourly;
    },

    // revise_identity's four questions, in Smallville's order (`currently` is read by the daily requirement's prompt).
    async reviseIdentity(p, statements) {
      const ctx = ctxOf(p);
      const planNote = await sim.brain.planNote(ctx, statements);
      const thoughtNote = await sim.brain.thoughtNote(ctx, statements);
      p.currently = await sim.brain.reviseCurrently(ctx, planNote, thoughtNote);
      const dailyReq = await sim.brain.dailyPlanReq(ctx);
      p.dailyPlanReq = dailyReq.join('; ');
      return { planNote, thoughtNote, dailyReq };
    },

    preparedSubtasks: () => undefined,

    // Seven questions: sector, arena, object, emoji, event, the object's state and its event.
    async detailAction(p, { description, duration }) {
      const now = sim.clock.now;
      const address = await chooseAddress(sim, p, description);
      const ctx = ctxOf(p);
      const pronunciatio = await sim.brain.pronunciatio(ctx, description);
      const event = await sim.brain.eventTriple(ctx, description);
      const object = objectOf(address);
      let objDescription: string | null = null;
      let objEvent: Triple = ['', '', ''];
      if (object) {
        objDescription = await sim.brain.actObjDesc(ctx, object, description);
        objEvent = await sim.brain.actObjEventTriple(ctx, object, objDescription);
        objEvent = [printAddress(address), objEvent[1], objEvent[2]];
      }
      addNewAction(p, now, { address, duration, description, pronunciatio, event, objDescription, objEvent, objPronunciatio: pronunciatio });
    },

    // decide_to_talk; the conversation is then held line by line (converse.ts).
    async openConversation(p, target, memories) {
      return (await sim.brain.decideToTalk(ctxOf(p), target, memories)) ? {} : null;
    },

    decideToReact: (p, target, memories) => sim.brain.decideToReact(ctxOf(p), target, memories),

    // One new_decomp_schedule per side with a schedule (a registry persona's next decision comes when the chat ends).
    async replanAroundChat(init, target, { summary, minutes }, begin) {
      for (const [self, other] of [
        [init, target],
        [target, init],
      ] as const) {
        if (self.agent.mode === 'generative') await createReact(sim, self, summary, minutes);
        begin(self, other);
      }
    },

    remember: (p, type, node, ask) => scoreNow(sim, p, type, node, ask),
    scoreDue: async () => {},

    focalStatement: (n) => n.embeddingKey,

    // One insights call per focal point.
    async insights(p, groups, n, store) {
      for (const [k, { pool }] of groups.entries()) {
        await store(
          k,
          await sim.brain.insights(
            ctxOf(p),
            pool.map((m) => m.embeddingKey),
            n,
          ),
        );
      }
    },
  };
}
