import type {
  ActionChoice,
  ActionChoiceInput,
  ActionDetails,
  Brain,
  CallContext,
  ConversationInput,
  ConversationTakeaways,
  ConversationTurn,
  ConversationTurnInput,
  DayPlan,
  DayStart,
  FocalEvidence,
  IdentityRevision,
  Insight,
  KnownPlaces,
  MemoryToRate,
  NewDecompInput,
  ReactChoice,
  StretchToReplan,
  SubTask,
  TownPlanInput,
  TownPlanReply,
  TownPulseInput,
  TownPulseReply,
  WholeConversation,
} from '../../sim/brain/port';
import { MAX_ROUNDS } from '../../sim/cognition/converse';
import { failSafeDecomp } from '../../sim/persona/schedule';
import type { Persona } from '../../sim/persona/persona';
import type { ChatLine, ConceptNode } from '../../sim/persona/memory';
import type { Triple } from '../../sim/world/events';
import type { PersonaSpec } from '../../sim/persona/schema';
import { DAY, dayStart } from '../../sim/clock';
import { Rng } from '../../sim/rng';
import { dailyPlanItems, hourlyPlan, wakeOn } from './dayPlan';
import { activitySteps, GENERIC_WORK, templatesFor, WORK_TASKS, splitMinutes, type Template } from './tasks';
import { townPlaces, type TownPlaces } from './townPlaces';
import type { WorldModel } from '../../sim/world/types';
import { chooseArena, chooseObject, chooseSector } from './places';
import { emojiFor } from './emoji';
import { offlineTownPlan } from './townPlan';
import { accepts, INVITE, worksDuring } from './inviteReply';
import { relationOf, talkChance } from './relations';
import { offlineTurn, owesInvitation, sharedEvent, summarize, theEvent } from './talk';
import { thirdPerson } from '../../sim/brain/fallbacks';
import { RANDOM_OBJECT } from '../../sim/world/actionAddress';
import { commitmentTask, describeCommitment, eventClause, whenOf } from '../../sim/cognition/commitments';
import { extractNews, heardAs } from '../../sim/cognition/converse';
import { lowerFirst, sentences, singleStops, spoken } from './voice';
import { localEmbedding } from '../../sim/brain/localEmbedding';
import { offlineChooseAction } from './registryChoice';
import { answerQuestion } from './answer';
import { offlineDiary } from './diary';
import { offlineTownPulse } from './townPulse';
import { measurePulseSnapshot } from '../pulseSnapshot';
import { isMealOut } from './meals';
import { offlineInsights } from './reflection';
import { byCodeUnits } from '../../sim/order';
import { at } from '../../sim/checked';
import { playerInvitations, playerTurn, townWords, understandLine } from './playerTalk';
import { replyTo, type ReplyContext } from './replies';

/**
 * The built-in offline brain: answers every cognitive call deterministically from persona data,
 * memory and the seeded RNG, with no network. Randomness is drawn from streams keyed by
 * (seed, persona, call, time), so answers do not depend on the order calls are made in.
 */
export class OfflineBrain implements Brain {
  readonly name = 'offline';
  readonly measurePulse = measurePulseSnapshot; // Brain.measurePulse: the size of what a model would read
  private readonly households: Map<string, string>;
  private readonly names: Map<string, string>;
  private readonly specsByName: Map<string, PersonaSpec>;
  private readonly specsById: Map<string, PersonaSpec>;
  private readonly planCache = new Map<string, string[]>();
  /** The map's places by what they are for and the task templates for them (from `knowTown`). */
  private town: { world: WorldModel; places: TownPlaces; templates: Template[] } | null = null;

  constructor(
    private readonly seed: number,
    personas: PersonaSpec[],
  ) {
    this.households = new Map(personas.map((p) => [p.id, p.household]));
    this.names = new Map(personas.map((p) => [p.id, p.name]));
    this.specsByName = new Map(personas.map((p) => [p.name, p]));
    this.specsById = new Map(personas.map((p) => [p.id, p]));
  }

  /** The map this brain plans for: its café, park, shops … are the places of the offline day. */
  knowTown(world: WorldModel): void {
    if (this.town?.world === world) return;
    const places = townPlaces(world);
    this.town = { world, places, templates: templatesFor(places) };
    this.planCache.clear();
  }

  private get known(): { places: TownPlaces; templates: Template[] } {
    if (!this.town) throw new Error('The offline brain does not know the town yet: a Simulation tells it (brain.knowTown(world)); a brain used on its own needs knowTown(world) first.');
    return this.town;
  }

  private rng(ctx: CallContext, ...labels: (string | number)[]): Rng {
    return Rng.derive(this.seed, ctx.persona.id, ctx.now, ...labels);
  }

  /** The day's hourly plan, computed once per persona and day. */
  private dayPlan(p: Persona, now: number): string[] {
    const day = dayStart(now);
    const key = `${p.id}@${day}`;
    let plan = this.planCache.get(key);
    if (!plan) {
      plan = hourlyPlan(p, day, Rng.derive(this.seed, p.id, 'day', day / DAY), { households: this.households, names: this.names, specs: this.specsById, places: this.known.places });
      if (this.planCache.size > 500) this.planCache.clear();
      this.planCache.set(key, plan);
    }
    return plan;
  }

  async wakeUpHour(ctx: CallContext): Promise<number> {
    return wakeOn(ctx.persona, dayStart(ctx.now));
  }

  async dailyPlan(ctx: CallContext): Promise<string[]> {
    return dailyPlanItems(this.dayPlan(ctx.persona, ctx.now));
  }

  async hourlySchedule(ctx: CallContext, hour: number): Promise<string> {
    return at(this.dayPlan(ctx.persona, ctx.now), hour, 'hourly plan');
  }

  async taskDecomp(ctx: CallContext, task: string, minutes: number): Promise<SubTask[]> {
    const p = ctx.persona;
    const rng = this.rng(ctx, 'decomp', task);
    let steps: string[];
    if (/^(working as|attending classes)/.test(task)) {
      // The job the task names (a part-time shift taken for the day: "working as a glass collector at …"), else one's own.
      const title = /^working as an? (.+?) at /.exec(task)?.[1] ?? p.spec.occupation?.title ?? '';
      const pool = WORK_TASKS[title] ?? GENERIC_WORK;
      const count = Math.max(2, Math.ceil(minutes / 50));
      steps = [];
      for (let i = 0; i < count; i++) steps.push(at(pool, i === 0 ? 0 : rng.int(pool.length), 'work task'));
      // Consecutive repeats read as one long task; keep the list varied.
      steps = steps.filter((s, i) => i === 0 || s !== steps[i - 1]);
    } else {
      steps = this.known.templates.find((t) => t.match.test(task))?.steps ?? activitySteps(task);
    }
    const fit = steps.slice(0, Math.max(1, Math.floor(minutes / 5)));
    const weights = fit.map(() => 1 + rng.next());
    const durations = splitMinutes(minutes, weights);
    return fit.map((t, i) => ({ task: t, minutes: at(durations, i, 'subtask minutes') }));
  }

  async actionSector(ctx: CallContext, action: string, options: string[]): Promise<string> {
    return chooseSector(ctx.persona, action, options);
  }

  async actionArena(ctx: CallContext, action: string, sector: string, options: string[]): Promise<string> {
    return chooseArena(ctx.persona, action, sector, options);
  }

  async actionObject(ctx: CallContext, action: string, _arena: string, options: string[]): Promise<string> {
    return chooseObject(action, options, this.rng(ctx, 'object', action));
  }

  async pronunciatio(_ctx: CallContext, action: string): Promise<string> {
    return emojiFor(action);
  }

  async eventTriple(ctx: CallContext, action: string): Promise<Triple> {
    const sub = /\(([^()]*)\)$/.exec(action)?.[1] ?? action;
    const [verb, ...rest] = sub.split(' ');
    return [ctx.persona.name, verb || 'is', rest.join(' ') || 'idle'];
  }

  async actObjDesc(_ctx: CallContext, object: string, action: string): Promise<string> {
    const sub = /\(([^()]*)\)$/.exec(action)?.[1] ?? action;
    return `${object} is being used for ${sub.replace(/ at home$/, '')}`;
  }

  async actObjEventTriple(_ctx: CallContext, object: string, desc: string): Promise<Triple> {
    return [object, 'is', desc.replace(`${object} is `, '')];
  }

  async decideToTalk(ctx: CallContext, target: Persona): Promise<boolean> {
    // Someone who came to tell the other about a plan that names them does talk.
    if (owesInvitation(ctx.persona, target, ctx.now)) return true;
    return this.rng(ctx, 'talk', target.id).chance(talkChance(ctx.persona, target));
  }

  async decideToReact(ctx: CallContext, target: Persona): Promise<ReactChoice> {
    // Nobody waits for the friend they came to do it with (fishing together, both at the pond).
    const task = (p: Persona) => (p.scratch.actDescription ?? '').replace(/ \([^()]*\)$/, '');
    const today = Math.floor(dayStart(ctx.now) / DAY);
    if (task(ctx.persona) === task(target) && ctx.persona.commitments.some((c) => c.day === today && commitmentTask(c) === task(target))) return 2;
    // Wait only for someone using what you need at the same spot; otherwise carry on.
    return this.rng(ctx, 'react', target.id).chance(0.3) ? 1 : 2;
  }

  /** What a persona answering someone needs to know (src/llm/offline/replies.ts). */
  private replyContext(ctx: CallContext, convo: ChatLine[], memories: ConceptNode[]): ReplyContext {
    return {
      self: ctx.persona,
      asker: null,
      convo,
      memories,
      rng: this.rng(ctx, 'turn', convo.length),
      now: ctx.now,
      people: this.names,
      specs: this.specsById,
      world: this.town?.world ?? null,
      inviteDraw: (event) => Rng.derive(this.seed, ctx.persona.id, 'invite', event),
    };
  }

  /** The town's residents and places, as the one spoken to knows them (src/llm/offline/understand). */
  private townWords(self: Persona, speakerId: string) {
    return townWords(self, speakerId, this.specsById.values(), this.town?.world.sectors ?? []);
  }

  async conversationTurn(ctx: CallContext, input: ConversationTurnInput): Promise<ConversationTurn> {
    // The player writes free text: the persona answers what is asked (src/llm/offline/playerTalk.ts).
    if (input.listener.agent.mode === 'human') {
      const c = { ...this.replyContext(ctx, input.convo, input.memories), asker: input.listener };
      return spoken(await playerTurn(c, this.townWords(ctx.persona, input.listener.id)));
    }
    // Yes or no to an invitation is the persona's own draw for that event, whenever and by whomever it is asked.
    return spoken(offlineTurn(ctx.persona, input.listener, input.convo, input.memories, this.rng(ctx, 'turn', input.convo.length), ctx.now, this.names, (event) => Rng.derive(this.seed, ctx.persona.id, 'invite', event)));
  }

  async summarizeConversation(ctx: CallContext, convo: ChatLine[]): Promise<string> {
    // With the player: an invitation in their own words is what the talk was about.
    const player = convo.find((l) => l.speaker !== ctx.persona.name && !this.specsByName.has(l.speaker))?.speaker;
    if (player) {
      const asker = { name: player, agent: { mode: 'human' } } as Persona;
      const [invited] = await playerInvitations(ctx.persona, asker, convo, this.townWords(ctx.persona, ''), ctx.now, this.town?.world ?? null);
      if (invited) return `conversing about ${invited.event.event} at ${invited.event.sector}`;
    }
    return summarize(convo, this.specsByName);
  }

  async poignancy(_ctx: CallContext, kind: 'event' | 'chat' | 'thought', description: string): Promise<number> {
    if (/is idle|sleeping/.test(description)) return 1;
    // Something happening at a set time (a party, a debate …) is worth remembering and telling.
    if (/party|celebration|festival|exhibition|open-mic|debate|wedding|election/i.test(description) && /\d\s?[ap]\.?m\b/i.test(description)) return 8;
    if (kind === 'chat') return /news/.test(description) ? 6 : 3;
    if (kind === 'thought') return /party|election|festival|exhibition|open-mic|secret|wedding|debate/i.test(description) ? 7 : 5;
    if (/conversing|chat/.test(description)) return 3;
    return 2;
  }

  async focalPoints(_ctx: CallContext, statements: string[], n: number): Promise<string[]> {
    // The names and places that come up most often are what the persona thinks about.
    const counts = new Map<string, number>();
    for (const s of statements) {
      for (const m of s.match(/[A-Z][a-zé]+(?: [A-Z&][a-zé]*)*/g) ?? []) counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || byCodeUnits(a[0], b[0])).slice(0, n);
    return top.length > 0 ? top.map(([k]) => k) : statements.slice(-n);
  }

  /** Whoever the statements keep mentioning, as grammatical insights drawn from them (src/llm/offline/reflection.ts). */
  async insights(ctx: CallContext, statements: string[], n: number): Promise<Insight[]> {
    return offlineInsights(ctx.persona, statements, n, this.names);
  }

  /** Keeps what happened, then the rest of the original plan from where the inserted action ends. */
  async newDecompSchedule(_ctx: CallContext, input: NewDecompInput): Promise<SubTask[]> {
    return failSafeDecomp(input.main, input.doneSoFar).map(([task, minutes]) => ({ task, minutes }));
  }

  /** The statements that carry a time or an arrangement, as things to remember today. */
  async planNote(_ctx: CallContext, statements: string[]): Promise<string> {
    const arranged = statements
      .map((s) => s.replace(/^[^:]*\d{2}:\d{2}:\d{2}: /, ''))
      .filter((s) => !/^This is .*'s plan for/.test(s))
      .filter((s) => /\b(plan|invit|party|meet|tomorrow|tonight|election|market|open-mic|exhibition|planting|\d{1,2}(:\d\d)?\s?[ap]m)/i.test(s))
      .map((s) => (sentences(s)[0] ?? s).replace(/[.!?…]+$/, ''))
      // A sentence that starts with a pronoun has lost its subject out of context.
      .filter((s) => !/^(he|she|they|it)\b/i.test(s) && !/conversing about news/.test(s))
      .map((s) => (s.length > 240 ? `${s.slice(0, s.lastIndexOf(' ', 240))}…` : s))
      .slice(-3);
    return arranged.length > 0 ? `I should remember: ${arranged.join('; ')}.` : 'Nothing special to remember; I will keep to my usual routine.';
  }

  /** A mood from how social and eventful the last days were. */
  async thoughtNote(_ctx: CallContext, statements: string[]): Promise<string> {
    const chats = statements.filter((s) => /convers|chat|talk/i.test(s)).length;
    const news = statements.filter((s) => /news|heard|did you hear|guess what/i.test(s)).length;
    if (news > 0) return `There has been a lot going on in town lately and I have been keeping up with the news from my neighbours.`;
    if (chats > 2) return `I have enjoyed talking with people around town these last days.`;
    return `My days have been calm and fairly routine.`;
  }

  /** The persona file's status plus what to remember today (never yesterday's additions, so it stays short). */
  async reviseCurrently(ctx: CallContext, planNote: string): Promise<string> {
    const p = ctx.persona;
    const remember = planNote.startsWith('I should remember: ') ? planNote.slice('I should remember: '.length) : '';
    return remember ? `${p.spec.currently} Today ${p.firstName} has in mind: ${remember}` : p.spec.currently;
  }

  /** Today's broad plan, 4–6 timed items. */
  async dailyPlanReq(ctx: CallContext): Promise<string[]> {
    const hourly = this.dayPlan(ctx.persona, ctx.now);
    // Getting up, then what sets this day apart (work once, meals and routines last), in time order.
    const all = dailyPlanItems(hourly);
    const routine = /^(cooking and eating dinner|relaxing in the living room|getting ready for bed)/;
    const rank = (item: string, i: number) => (i === 0 ? 0 : /^(working as|attending classes)/.test(item) ? 1 : routine.test(item) || isMealOut(item) ? 3 : 2);
    const picked = all
      .map((item, i) => ({ item, i, r: rank(item, i) }))
      .filter((x, _, xs) => x.r !== 1 || xs.find((y) => y.r === 1) === x)
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .slice(0, 5)
      .sort((a, b) => a.i - b.i);
    const items = picked.map((x) => x.item);
    // The last waking hour ends with going to bed.
    let bed = 24;
    while (bed > 12 && hourly[bed - 1] === 'sleeping') bed--;
    items.push(`go to bed at ${bed % 12 === 0 ? 12 : bed % 12}:00 ${bed < 12 || bed === 24 ? 'am' : 'pm'}`);
    while (items.length < 4) items.splice(items.length - 1, 0, 'take a break and relax at 3:00 pm');
    return items;
  }

  async whisperInnerThought(ctx: CallContext, whisper: string): Promise<string> {
    return thirdPerson(whisper, ctx.persona);
  }

  /**
   * An accepted invitation becomes "I will go to …"; news of an event with a time may make the
   * persona want to go (more likely if it came from someone close); otherwise nothing to plan.
   */
  async planningThought(ctx: CallContext, other: Persona, convo: ChatLine[]): Promise<string> {
    const me = ctx.persona.name;
    // The player invites in words of their own: the invitation understood is the event.
    if (other.agent.mode === 'human') {
      const asked = await playerInvitations(ctx.persona, other, convo, this.townWords(ctx.persona, other.id), ctx.now, this.town?.world ?? null);
      const yes = asked.find((a) => accepts(a.answer));
      if (yes) return `I will ${yes.event.event.startsWith('the ') ? 'go to' : 'go'} ${describeCommitment(yes.event)}.`;
      const no = asked[0];
      if (no) return `I told ${other.firstName} I can't make it to ${describeCommitment(no.event)}.`;
    }
    for (let i = 0; i + 1 < convo.length; i++) {
      const asked = at(convo, i, 'conversation line');
      const answer = at(convo, i + 1, 'conversation line');
      const invite = INVITE.exec(asked.text);
      if (!invite || asked.speaker !== other.name || answer.speaker !== me) continue;
      // A "no" is a decision too: it is remembered (with no intent word, so it plans nothing).
      const event = sharedEvent(at(invite, 1, 'invitation'));
      const go = event.startsWith('the ') ? 'go to' : 'go';
      return accepts(answer.text) ? `I will ${go} ${event}.` : `I told ${other.firstName} I can't make it to ${event}.`;
    }
    const declined = ctx.persona.memory.nodes.filter((n) => n.type === 'thought' && n.description.includes("I can't make it to")).map((n) => n.description);
    for (const line of convo) {
      if (line.speaker !== other.name) continue;
      const clause = eventClause(extractNews(line.text) ?? '')?.replace(/,? and invite everyone .*$/, '');
      if (clause && declined.some((d) => d.includes(clause.split(' at ')[0] ?? clause))) continue;
      // Someone on shift at that hour does not plan to go.
      const when = clause ? whenOf(clause, ctx.now) : null;
      if (when && worksDuring(ctx.persona, when.day, when.start, when.minutes)) continue;
      if (clause && this.rng(ctx, 'interest', other.id).chance(relationOf(ctx.persona, other) ? 0.5 : 0.3)) return `I want to go to ${theEvent(clause)}.`;
    }
    return `Nothing from my talk with ${other.firstName} changes my plans.`;
  }

  async memoAfterConvo(ctx: CallContext, other: Persona, convo: ChatLine[]): Promise<string> {
    const said = convo.filter((l) => l.speaker === other.name).map((l) => extractNews(l.text)).find(Boolean);
    const news = said ? heardAs(said, other) : null;
    return news ? `I found it interesting to hear from ${other.firstName} that ${lowerFirst(news).replace(/[.!]+$/, '')}.` : `It was nice to catch up with ${other.firstName}.`;
  }

  /** In character: what is asked, answered from the persona's schedule, commitments, relations and memories (src/llm/offline/answer.ts). */
  async interview(ctx: CallContext, question: string, memories: ConceptNode[]): Promise<string> {
    const u = await understandLine(question, this.townWords(ctx.persona, ''), ctx.now);
    // What the classifier cannot place is answered from the memories the question brings to mind.
    if (u.intent === 'unknown') return singleStops(answerQuestion({ persona: ctx.persona, question, memories, now: ctx.now, people: this.names }));
    return singleStops(await replyTo({ ...this.replyContext(ctx, [], memories), rng: this.rng(ctx, 'interview', question) }, u));
  }

  /** Today's plan, talks, a sight and a thought, in the first person (src/llm/offline/diary.ts). */
  async diaryEntry(ctx: CallContext, memories: ConceptNode[]): Promise<string> {
    return offlineDiary(ctx.persona, memories);
  }

  /** A routine from the persona's lifestyle and job, among the options offered (src/llm/offline/registryChoice.ts). */
  async chooseAction(ctx: CallContext, input: ActionChoiceInput): Promise<ActionChoice> {
    return offlineChooseAction(ctx.persona, ctx.now, input, this.rng(ctx, 'choose', input.rejection ?? ''), this.known.places);
  }

  async townPlan(ctx: CallContext, input: TownPlanInput): Promise<TownPlanReply> {
    return offlineTownPlan(ctx.persona, input, (id) => this.names.get(id));
  }

  /** The town simulator (docs/economy.md#the-decisions) without a model (src/llm/offline/townPulse.ts): one stream per resident and hour. */
  async townPulse(ctx: CallContext, input: TownPulseInput): Promise<TownPulseReply> {
    return { decisions: offlineTownPulse(input, (id) => Rng.derive(this.seed, id, ctx.now, 'pulse')) };
  }

  async embed(_ctx: CallContext, texts: string[]): Promise<number[][]> {
    return texts.map((t) => localEmbedding(t));
  }

  // ---- the packed call plan: each answer is what this brain says to the same questions asked one by one,
  // so a packed town on the offline brain decides as a faithful one does (and a model's failed packed
  // call falls back to exactly these answers).

  /** The wake-up hour and the hour's activity now, or at the wake-up hour while still asleep: the day this brain plans. */
  async startDay(ctx: CallContext): Promise<DayStart> {
    const wakeUpHour = await this.wakeUpHour(ctx);
    const hour = Math.max(wakeUpHour, new Date(ctx.now).getUTCHours());
    const planned = await this.hourlySchedule(ctx, Math.min(23, hour));
    const activity = /\b(sleeping|asleep)\b/.test(planned) ? 'waking up and getting ready' : planned;
    // Where this brain would do it, among the places the persona knows best.
    const places = ctx.persona.ownPlaces();
    return { wakeUpHour, activity, place: places.length > 0 ? chooseSector(ctx.persona, activity, places) : null };
  }

  /** The day as the one-question calls answer it; no prepared subtasks (each block is decomposed when due, as in faithful). */
  async planDay(ctx: CallContext, attempt: number): Promise<DayPlan> {
    const wakeUpHour = await this.wakeUpHour(ctx);
    const hourly: string[] = [];
    for (let h = 0; h < 24; h++) hourly.push(h < wakeUpHour ? 'sleeping' : await this.hourlySchedule(ctx, h));
    void attempt;
    return { wakeUpHour, dailyPlan: await this.dailyPlan(ctx), hourly, subtasks: [] };
  }

  async reviseIdentity(ctx: CallContext, statements: string[]): Promise<IdentityRevision> {
    const planNote = await this.planNote(ctx, statements);
    const thoughtNote = await this.thoughtNote(ctx, statements);
    return { planNote, thoughtNote, currently: await this.reviseCurrently(ctx, planNote), dailyPlanReq: await this.dailyPlanReq(ctx) };
  }

  async actionDetails(ctx: CallContext, actions: string[], places: KnownPlaces): Promise<ActionDetails[]> {
    const out: ActionDetails[] = [];
    for (const action of actions) {
      const sector = chooseSector(ctx.persona, action, places.map((pl) => pl.sector));
      const arenas = places.find((pl) => pl.sector === sector)?.arenas ?? [];
      const arena = arenas.length > 0 ? chooseArena(ctx.persona, action, sector, arenas.map((a) => a.arena)) : '';
      const objects = arenas.find((a) => a.arena === arena)?.objects ?? [];
      const object = objects.length > 0 ? chooseObject(action, objects, this.rng(ctx, 'object', action)) : RANDOM_OBJECT;
      const objectState = object === RANDOM_OBJECT ? '' : await this.actObjDesc(ctx, object, action);
      out.push({
        sector,
        arena,
        object,
        emoji: emojiFor(action),
        event: await this.eventTriple(ctx, action),
        objectState,
        objectEvent: objectState ? await this.actObjEventTriple(ctx, object, objectState) : ['', '', ''],
      });
    }
    return out;
  }

  async poignancies(ctx: CallContext, memories: MemoryToRate[]): Promise<number[]> {
    return Promise.all(memories.map((m) => this.poignancy(ctx, m.kind, m.description)));
  }

  /** decide_to_talk, then the turns as faithful asks them, each side drawing on what it brought to mind. */
  async conversation(ctx: CallContext, input: ConversationInput): Promise<WholeConversation> {
    const init = ctx.persona;
    const target = input.target;
    if (!(await this.decideToTalk(ctx, target))) return { talk: false, lines: [], summary: '', takeaways: {} };
    const lines: ChatLine[] = [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      for (const [speaker, listener, memories] of [
        [init, target, input.initMemories],
        [target, init, input.targetMemories],
      ] as const) {
        const turn = await this.conversationTurn({ persona: speaker, now: ctx.now }, { listener, convo: lines.slice(), memories });
        lines.push({ speaker: speaker.name, text: turn.line });
        if (turn.end) return this.heldConversation(ctx, target, lines);
      }
    }
    return this.heldConversation(ctx, target, lines);
  }

  /** A conversation held: its summary and each side's planning thought and memo, as the one-question calls give them. */
  private async heldConversation(ctx: CallContext, other: Persona, lines: ChatLine[]): Promise<WholeConversation> {
    const takeaways: ConversationTakeaways = {};
    for (const [self, them] of [
      [ctx.persona, other],
      [other, ctx.persona],
    ] as const) {
      const c = { persona: self, now: ctx.now };
      takeaways[self.name] = { planning: await this.planningThought(c, them, lines), memo: await this.memoAfterConvo(c, them, lines) };
    }
    return { talk: true, lines, summary: summarize(lines, this.specsByName), takeaways };
  }

  async replanStretches(ctx: CallContext, stretches: StretchToReplan[]): Promise<SubTask[][]> {
    return Promise.all(stretches.map((st) => this.newDecompSchedule({ persona: st.persona, now: ctx.now }, st.input)));
  }

  async reflectionInsights(ctx: CallContext, groups: FocalEvidence[], n: number): Promise<Insight[][]> {
    return Promise.all(groups.map((g) => this.insights(ctx, g.statements, n)));
  }
}
