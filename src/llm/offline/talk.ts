import type { Persona } from '../../sim/persona/persona';
import type { ChatLine, ConceptNode } from '../../sim/persona/memory';
import type { ConversationTurn } from '../../sim/brain/port';
import type { Rng } from '../../sim/rng';
import { DAY, dayStart, minuteOfDay } from '../../sim/clock';
import { describeCommitment, eventClause, SEEKING } from '../../sim/cognition/commitments';
import type { Commitment } from '../../sim/persona/commitment';
import { extractNews, heardAs, pronounsOf } from '../../sim/cognition/converse';
import type { PersonaSpec } from '../../sim/persona/schema';
import { answerQuestion } from './answer';
import { INVITE, replyToInvite } from './inviteReply';
import { bondOf, relationOf, toneOf } from './relations';
import { baseVerb, clockOf, firstPerson, gistOf, lowerFirst, sentence, sentences } from './voice';
import { at } from '../../sim/checked';

/** Lines that close a conversation; the other answers with a goodbye of their own. */
const GOODBYE = /\b(bye|see you|take care|catch you later|talk soon|until next time|have a good (one|day|evening))\b/i;

/** The words a speaker has said to this listener before (in earlier chats and in this one). */
function saidTo(speaker: Persona, listener: Persona, convo: ChatLine[]): string[] {
  return speaker.memory
    .related('chat', [listener.name], Number.MAX_SAFE_INTEGER)
    .filter((c) => c.object === listener.name)
    .flatMap((c) => c.transcript.filter((l) => l.speaker === speaker.name).map((l) => l.text))
    .concat(convo.filter((l) => l.speaker === speaker.name).map((l) => l.text));
}

const gists = new Map<string, string>();
/** A statement's gist, independent of who says it and in which person: its longer lower-case words (memoised: lines repeat). */
function gist(text: string): string {
  let g = gists.get(text);
  if (g === undefined) {
    g = (text.match(/\b[a-z][a-z'-]{4,}\b/g) ?? []).filter((w) => !/^(about|there|their|which|would|could|should|heard|telling)$/.test(w)).slice(0, 6).join(' ');
    if (gists.size > 20_000) gists.clear();
    gists.set(text, g);
  }
  return g;
}

/** The gists of the news in these lines, with how often each was told. */
function toldGists(lines: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) {
    const g = newsGist(l);
    if (g) out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

const lineGists = new Map<string, string | null>();
/** The gist of the news a line passes on, or null (memoised: the same lines are read at every turn). */
function newsGist(line: string): string | null {
  let g = lineGists.get(line);
  if (g === undefined) {
    const news = extractNews(line);
    g = news ? gist(news) : null;
    if (lineGists.size > 50_000) lineGists.clear();
    lineGists.set(line, g);
  }
  return g;
}

/** News a persona has heard is passed on for two days, to a few people; news of a timed event to more. */
const NEWS_DAYS = 2;
const TELL_LIMIT = 3;
const EVENT_TELL_LIMIT = 6;

const SECRET = /\b(secret|secretly|not noticed|no idea|doesn't know|does not know|hasn't told|has not told|hides|hiding|not dared|afraid to tell|under a pen name|terrified)\b/i;

interface Share {
  kind: 'own' | 'heard';
  text: string;
}

/**
 * Something worth telling this listener that the speaker has not told them yet: its own concerns
 * (what it is up to, in the first person) or news it heard lately from someone else (not from this
 * listener), as long as it has not already told it to a few people.
 */
function shareFor(speaker: Persona, listener: Persona, memories: ConceptNode[], convo: ChatLine[], now: number): Share | null {
  const toListener = toldGists(saidTo(speaker, listener, convo));
  // Already said in this conversation, by either side.
  for (const g of toldGists(convo.map((l) => l.text)).keys()) toListener.set(g, 1);
  const heardFromListener = new Set(speaker.memory.nodes.filter((n) => n.predicate === 'heard' && n.object === listener.name).map((n) => gist(n.description)));
  let allTold: Map<string, number> | null = null;
  const candidates = memories.concat(speaker.memory.nodes.filter((n) => n.type === 'thought' && n.object === 'currently'));
  const first = new RegExp(`\\b${listener.firstName}\\b`);
  const self = new RegExp(`\\b${speaker.firstName}\\b`);
  for (const m of candidates) {
    if (m.type !== 'thought' || !['is', 'thinks', 'heard'].includes(m.predicate)) continue;
    if (m.expiration !== null && m.expiration <= now) continue;
    const g = gist(m.description);
    if (heardFromListener.has(g) || toListener.has(g)) continue;
    // Talk about someone is not told to their face.
    if (first.test(m.description)) continue;
    if (m.predicate === 'heard') {
      if (now - m.created > NEWS_DAYS * DAY) continue;
      // News about oneself, heard back from someone else, is not passed on as hearsay.
      if (self.test(m.description)) continue;
      allTold ??= toldGists(speaker.memory.ofType('chat').flatMap((c) => c.transcript.filter((l) => l.speaker === speaker.name).map((l) => l.text)));
      if ((allTold.get(g) ?? 0) >= (eventClause(m.description) ? EVENT_TELL_LIMIT : TELL_LIMIT)) continue;
      return { kind: 'heard', text: m.description };
    }
    // What one keeps to oneself or does not know is not told as one's news.
    if (SECRET.test(m.description)) continue;
    return { kind: 'own', text: ownVoice(m.description, speaker) };
  }
  return null;
}

/** The persona's own concern in its own voice: "I am launching …" (pronouns standing for it become I/my). */
function ownVoice(text: string, p: Persona): string {
  let t = firstPerson(text, p)
    .replace(/,? and invite everyone (?:they|them|you) meet\b/, '')
    .replace(/^(She|He|They) (\w+)/, (_m, _who: string, verb: string) => `I ${baseVerb(verb)}`);
  if (/^I\b/.test(t)) {
    // Its own things and people; a verb after "and" follows "I" ("and hopes" → "and hope").
    // "…, and she is finishing …" in one's own sentence is oneself: "and I am finishing".
    const { subj } = pronounsOf(p.spec);
    t = t.replace(new RegExp(`\\b(and|but) ${subj} (\\w+)\\b`, 'g'), (_m, c: string, v: string) => `${c} I ${baseVerb(v)}`);
    t = t.replace(/\b(her|his|their) (own|neighbou?r|friend|best friend|dorm-mate|daughter|son|husband|wife|father|mother|sister|brother|partner|boss|shop|café|pub|studio|garden|campaign|exhibition|painting|stage|book|novel|article|classes|students|patients)\b/g, 'my $2');
    t = t.replace(/\b(and|but) ((?:still|also|now|often) )?(is|has|hopes|wants|plans|needs|keeps|thinks|loves|likes|worries|tries|will|goes|does|owes|promised|has promised)\b/g, (_m, c: string, adv: string | undefined, v: string) => `${c} ${adv ?? ''}${baseVerb(v.split(' ')[0] ?? v)}${v.includes(' ') ? ` ${v.split(' ')[1]}` : ''}`);
  }
  return t.replace(/^I am\b/, "I'm").replace(/^I have been\b/, "I've been");
}

/** The speaker's upcoming plans it has not yet told this listener about, and the listener does not have. */
function untold(speaker: Persona, listener: Persona, convo: ChatLine[], now: number): Commitment[] {
  const today = Math.floor(dayStart(now) / DAY);
  let told: string[] | null = null;
  return speaker.commitments.filter((c) => {
    const upcoming = c.day > today || (c.day === today && c.start > minuteOfDay(now));
    if (!upcoming || c.day > today + 3 || c.source === SEEKING) return false;
    if (listener.commitments.some((o) => o.event === c.event && o.day === c.day && o.start === c.start)) return false;
    told ??= saidTo(speaker, listener, convo);
    const what = describeCommitment(c);
    return !told.some((t) => t.includes(what));
  });
}

/** Whether the speaker has a plan that names this listener ("fishing with Marcus") and has not told them yet: then it will talk. */
export function owesInvitation(speaker: Persona, listener: Persona, now: number): boolean {
  return untold(speaker, listener, [], now).some((c) => c.with?.includes(listener.name));
}

/** The speaker's next commitment worth inviting this listener to (hosts invite everyone, guests their friends). */
function invitationFor(speaker: Persona, listener: Persona, convo: ChatLine[], now: number, rng: Rng): string | null {
  for (const c of untold(speaker, listener, convo, now)) {
    // Hosts invite everyone; the people a plan names are invited by name; others ask friends, sometimes.
    const named = c.with?.includes(listener.name) ?? false;
    if (!c.host && !named && !(relationOf(speaker, listener) && rng.chance(0.5))) continue;
    return describeCommitment(c);
  }
  return null;
}

function doingNow(p: Persona): string {
  const d = p.scratch.actDescription ?? 'getting on with my day';
  const sub = /\(([^()]*)\)$/.exec(d);
  const said = (sub?.[1] ?? d).replace(/ at home$/, '');
  // A chat's description is its summary ("conversing about news: …"): said as having a chat.
  return /^conversing\b/.test(said) ? 'having a chat' : said;
}

/** The next thing in the persona's schedule that is not what it is doing now. */
function nextTask(p: Persona, now: number): { task: string; start: number } | null {
  const nowMin = minuteOfDay(now);
  const current = (p.scratch.actDescription ?? '').replace(/ \([^()]*\)$/, '');
  let t = 0;
  for (const [task, minutes] of p.scratch.fDailySchedule) {
    const parent = task.replace(/ \([^()]*\)$/, '');
    if (t > nowMin && parent !== current && !/^sleeping/.test(parent)) return { task: parent.replace(/ at home$/, ' at home'), start: t };
    t += minutes;
  }
  return null;
}

const timeOfDay = (now: number) => {
  const h = Math.floor(minuteOfDay(now) / 60);
  return h < 12 ? 'morning' : h < 18 ? 'afternoon' : 'evening';
};

// --- the lines --------------------------------------------------------------------------------

function greeting(s: Persona, l: Persona, rng: Rng, now: number): string {
  const first = l.firstName;
  const bond = bondOf(s, l);
  const tone = toneOf(s);
  const met = s.memory.lastChatWith(l.name);
  if (bond === 'stranger' && !met) {
    return `${rng.pick(['Hello', 'Hi there', 'Good ' + timeOfDay(now)])}! I don't think we've properly met — I'm ${s.firstName}. ${rng.pick(['You must be', "Aren't you", 'I think you are'])} ${first}?`;
  }
  const sinceLast = met ? now - met.created : Infinity;
  const opener = {
    family: [`Hey ${first}, there you are!`, `Oh, ${first}! I was just thinking about you.`, `${first}, love!`, `Hi ${first}.`, `There's my ${relationOf(s, l)}!`],
    friend: [`${first}! Good to see you.`, `Hey ${first}!`, `Oh, hello ${first}!`, `${first}! Just the person I wanted to see.`, `Well, look who it is — ${first}!`],
    work: [`Morning, ${first}.`.replace('Morning', timeOfDay(now) === 'morning' ? 'Morning' : 'Hi'), `Hi ${first}, got a minute?`, `Oh, ${first} — hello.`, `${first}, hi!`],
    rival: [`${first}.`, `Oh. Hello, ${first}.`, `Well, ${first}. Fancy meeting you here.`, `${first}, good ${timeOfDay(now)}.`],
    stranger: [`Hello again, ${first}!`, `Oh, hi ${first}.`, `${first}, isn't it? Hello!`, `Good ${timeOfDay(now)}, ${first}.`],
  }[bond];
  const flavour = { warm: [' How lovely to run into you!', ' What a nice surprise.', ''], quiet: ['', ' Nice to see you.', ''], blunt: ['', '', ' Busy as ever, I see.'], easy: ['', ' How are things?', ''] }[tone];
  const again = sinceLast < 3 * 3_600_000 ? rng.pick([' Twice in one day!', ' We keep bumping into each other.', ' Back again?']) : '';
  return `${rng.pick(opener)}${again || rng.pick(flavour)}`;
}

/** A question for the listener from what the speaker knows of them and of what is going on. */
function questionFor(s: Persona, l: Persona, memories: ConceptNode[], convo: ChatLine[], rng: Rng, now: number): string {
  const asked = new Set(convo.filter((x) => x.speaker === s.name).map((x) => x.text));
  const options: string[] = [];
  // An event the speaker heard of and has no plan for: is the listener going?
  for (const m of memories) {
    if (m.type !== 'thought' || m.predicate !== 'heard') continue;
    const clause = eventClause(m.description);
    const ev = clause ? /^(.*?)(?:,| at | on | in | which )/.exec(clause)?.[1] : null;
    const named = ev?.replace(/^(the|a|an|his|her|their|my|our)\s+/i, '');
    if (named && named.length < 60) options.push(`Are you going to ${/^[A-Z][\w-]*(?: [A-Z][\w-]*)*'s /.test(named) ? '' : 'the '}${named}?`);
    break;
  }
  // Something the speaker heard about the listener.
  const aboutThem = memories.find((m) => m.type === 'thought' && m.predicate === 'heard' && m.description.startsWith(l.firstName));
  const topic = aboutThem ? /\b(?:the |a |an |your |my )?((?:[\w'-]+ )?(?:open-mic(?: night)?|exhibition|stage|campaign|debate|garden|painting|shop|café|sign|book|article|party|market|exam|project|novel|recital|planting day))\b/i.exec(aboutThem.description)?.[1] : null;
  if (topic) options.push(rng.pick([`How's the ${topic.replace(/^(my|your) /, '')} coming along?`, `Any news on the ${topic.replace(/^(my|your) /, '')}?`]));
  const late = minuteOfDay(now) >= 20 * 60;
  options.push(rng.pick(late ? ['What are you doing tomorrow?', 'Anything on tomorrow?', 'Busy day tomorrow?'] : ['What are you up to later?', 'Any plans for this evening?', 'What are you doing this evening?', "What's the rest of your day looking like?", 'What are you doing tonight?']));
  options.push(rng.pick(['How has your day been?', 'How was your day so far?', "How's your day going?", 'What have you been up to today?', 'Seen anyone interesting today?']));
  const fresh = options.filter((o) => !asked.has(o));
  const q = fresh.length > 0 ? at(fresh, rng.int(fresh.length), 'fresh question') : rng.pick(options);
  // Now and then the name, as people do.
  return rng.chance(0.35) ? q.replace(/\?$/, `, ${l.firstName}?`) : q;
}

/** Reply to "What are you up to?": what the persona is doing, in its own words. */
function sayDoing(p: Persona, rng: Rng): string {
  const doing = doingNow(p);
  const tone = toneOf(p);
  const comment = {
    warm: ['Loving it, honestly.', 'It keeps me going!', 'Never a dull moment.', 'Busy, but the good kind.'],
    quiet: ['Nothing exciting.', 'Just keeping my head down.', 'It is quiet, which I like.', 'Slowly getting there.'],
    blunt: ['Somebody has to.', 'Busy. As always.', "It won't do itself.", 'Almost done, thankfully.'],
    easy: ['Nothing special.', 'Taking it easy.', 'Same old, same old.', 'Not bad at all.'],
  }[tone];
  return `${rng.pick(['Oh, just', 'Just', "I'm", 'At the moment I am'])} ${doing}. ${rng.pick(comment)}`;
}

function reaction(p: Persona, news: string, rng: Rng): string {
  const subject = /^([A-Z][a-zé]+)(?: [A-Z][a-zé]+)? (?:is|has|was|wants|plans|will)\b/.exec(news)?.[1];
  const pools = {
    warm: ['Oh, how wonderful!', 'No way — really?', 'That is lovely news.', 'Oh, I love that!', 'Really? How exciting!'],
    quiet: ['Oh. I had no idea.', 'Huh, I did not know that.', 'Oh… interesting.', 'Really? I see.'],
    blunt: ['Hm. Is that so.', 'Well, well.', 'Huh. About time.', "That doesn't surprise me."],
    easy: ['Huh, interesting!', 'Oh, nice.', 'Really? Good for them.', 'Ha, is that right?'],
  }[toneOf(p)];
  const about = subject && rng.chance(0.5) ? rng.pick([` Good for ${subject}.`, ` I must ask ${subject} about it.`, ` ${subject} never said a word to me!`]) : '';
  return `${rng.pick(pools)}${about}`;
}

/** Long news is told by its first part (a line stays well under the guard's 400 characters). */
function brief(text: string, max = 220): string {
  if (text.length <= max) return text;
  const cut = Math.max(text.lastIndexOf('; ', max), text.lastIndexOf(', and ', max), text.lastIndexOf(', but ', max));
  const at = cut > 60 ? cut : text.lastIndexOf(' ', max);
  return `${text.slice(0, at).replace(/[,;:]$/, '')}.`;
}

function tell(share: Share, rng: Rng): string {
  if (share.kind === 'own') {
    const lead = rng.pick(['Guess what?', 'You know what?', 'Oh, and my news:', 'Did you hear?', 'News:']);
    return `${lead} ${sentence(brief(share.text))}`;
  }
  // The news goes last in the line (whatever follows a lead is taken as the news), so any word about it comes first.
  const lead = rng.pick(['Did you hear?', 'Have you heard?', 'Have you heard the news?', 'Guess what?', 'I heard that', 'Word is that', 'Someone told me that', 'I was told that']);
  const before = rng.pick(['', '', 'Oh, ', 'Oh, by the way — ', 'Listen — ', 'So, ']);
  const said = before ? `${before}${lead.startsWith('I ') ? lead : lead.charAt(0).toLowerCase() + lead.slice(1)}` : lead;
  return `${said} ${sentence(brief(/that$/.test(lead) ? lowerFirst(share.text) : share.text))}`;
}

function goodbye(s: Persona, l: Persona, rng: Rng, now: number): string {
  const first = l.firstName;
  const next = nextTask(s, now);
  const why = next && next.start - minuteOfDay(now) < 120 ? rng.pick([`I'm ${next.task} next.`, `I should get going — ${next.task} at ${clockOf(next.start)}.`, `I'm due to be ${next.task} soon.`]) : rng.pick(['I should get back to it.', 'I had better get on.', "I'll let you get on."]);
  const bye = {
    warm: [`See you soon, ${first}!`, `Take care, ${first}!`, `Lovely talking to you, ${first} — bye!`, `Always a pleasure, ${first}. Bye!`, `Bye for now, ${first}!`],
    quiet: [`Bye, ${first}.`, `See you, ${first}.`, `Talk soon, ${first}.`, `Bye for now, ${first}.`, `See you later, ${first}.`],
    blunt: [`See you, ${first}.`, `Right. Bye, ${first}.`, `Catch you later.`, `See you later, ${first}.`, `Right, I'm off. Bye, ${first}.`],
    easy: [`Catch you later, ${first}!`, `See you around, ${first}!`, `Have a good ${timeOfDay(now)}, ${first}!`, `Cheers — see you, ${first}!`, `See you later, ${first}!`],
  }[toneOf(s)];
  return `${why} ${rng.pick(bye)}`;
}

function goodbyeBack(s: Persona, l: Persona, rng: Rng, now: number): string {
  const first = l.firstName;
  const bye = rng.pick([`Bye, ${first}!`, `See you, ${first}.`, `Take care, ${first}.`, `Good ${timeOfDay(now)} to you, ${first}!`, `Talk soon, ${first}!`, `You too, ${first} — bye!`, `Bye now, ${first}.`, `See you around, ${first}!`, `Cheers — bye, ${first}!`, `Bye for now, ${first}.`]);
  // Now and then what one is off to oneself.
  const next = nextTask(s, now);
  if (next && next.start - minuteOfDay(now) < 90 && rng.chance(0.3)) return `${bye} I'm ${next.task} next myself.`;
  const extra =
    bondOf(s, l) === 'family'
      ? [' See you at home.', '', ' Love you.', " Don't be late for dinner!"]
      : { warm: [' It was lovely to see you!', ' Come and find me sometime!', '', ' Say hello to everyone for me!', ` Enjoy your ${timeOfDay(now)}!`], quiet: ['', ' Nice talking to you.', ' Good to see you.', ` Enjoy your ${timeOfDay(now)}.`], blunt: ['', ' Mind how you go.', ' Until next time.', ' Right.'], easy: ['', ' Enjoy the rest of your day.', ' Good chatting.', ' Catch you around.'] }[toneOf(s)];
  return `${bye}${rng.pick(extra)}`;
}

/**
 * Offline conversation turn. A conversation goes greeting and question → answer (and a question
 * back) → news, an invitation or a question of one's own → a reaction or an answer → … → goodbye,
 * answered by a goodbye. Each line is built from what the speaker knows: its relation to the listener
 * and its tone (from innate traits), what the listener is doing, its own concerns and schedule, the
 * news it heard lately (told once per listener, to a few people, for a couple of days), its
 * commitments. Questions are answered by the same function that answers interviews. `inviteDraw`
 * gives the speaker's own draw for saying yes to an event (by default the conversation's).
 */
export function offlineTurn(speaker: Persona, listener: Persona, convo: ChatLine[], memories: ConceptNode[], rng: Rng, now = 0, people: ReadonlyMap<string, string> = new Map(), inviteDraw: (event: string) => Rng = () => rng): ConversationTurn {
  const t = turn(speaker, listener, convo, memories, rng, now, people, inviteDraw);
  return { line: clamp(t.line), end: t.end };
}

/** A spoken line stays short: whole sentences up to about 360 characters. */
function clamp(line: string, max = 360): string {
  if (line.length <= max) return line;
  const parts = sentences(line);
  let out = '';
  for (const p of parts) {
    if ((out + p).length > max) break;
    out = out ? `${out} ${p}` : p;
  }
  return out || `${line.slice(0, line.lastIndexOf(' ', max - 1))}…`;
}

function turn(speaker: Persona, listener: Persona, convo: ChatLine[], memories: ConceptNode[], rng: Rng, now: number, people: ReadonlyMap<string, string>, inviteDraw: (event: string) => Rng): ConversationTurn {
  const n = convo.length;
  const prev = convo[n - 1] ?? null;
  const fromListener = prev?.speaker === listener.name;
  if (prev && fromListener) {
    const invited = INVITE.exec(prev.text);
    if (invited) {
      const event = at(invited, 1, 'invitation');
      return { line: replyToInvite(speaker, listener, event, rng, inviteDraw(event)), end: false };
    }
    if (GOODBYE.test(sentences(prev.text).pop() ?? '')) return { line: goodbyeBack(speaker, listener, rng, now), end: true };
  }
  if (n === 0) {
    const hello = greeting(speaker, listener, rng, now);
    return { line: /(must be|Aren't you|think you are) \w+\?$/.test(hello) ? hello : `${hello} ${rng.pick(['What are you up to?', "What's keeping you busy?", 'How are you doing?', 'How are things?'])}`, end: false };
  }

  let line = '';
  let answered = false;
  // Answer what was asked.
  const question = prev && fromListener ? /([^.!?]*\?)\s*$/.exec(prev.text)?.[1]?.trim() : null;
  const rhetorical = question && /^(did you hear|have you heard|guess what|you know what|really|no way|is that so|isn't it|aren't you|you must be|i think you are|back again|got a minute|can i bring anything|[^?]*, isn't it)/i.test(question);
  if (question && /can i bring anything/i.test(question)) line = `${rng.pick(['Just yourself!', 'Only your good mood!', 'Nothing at all — just come.', 'Bring a friend, if you like!'])} `;
  const heard = prev && fromListener ? extractNews(prev.text) : null;
  if (heard) line = `${reaction(speaker, heard, rng)} `;
  if (question && !rhetorical) {
    const q = /^(and|what about|how about) you\??$/i.test(question) ? 'What are you up to?' : question;
    if (/what are you up to|what's keeping you busy|how are (you doing|things)/i.test(q)) line += `${n === 1 ? rng.pick(['Hi!', 'Hello!', `Oh, hi ${listener.firstName}!`, '']) + ' ' : ''}${sayDoing(speaker, rng)}`;
    else line += firstSentences(answerQuestion({ persona: speaker, question: q, memories, now, people }), 2);
    // Early on, a question back keeps the talk going; late on, the answer comes with a goodbye.
    if (n === 1) return { line: `${line} ${rng.pick(['And you?', 'What about you?', 'How about you?'])}`, end: false };
    if (n >= 6) return { line: `${line} ${goodbye(speaker, listener, rng, now)}`, end: false };
    line += ' ';
    answered = true;
  }
  if (/^(you must be|aren't you|i think you are)/i.test(question ?? '')) return { line: `${rng.pick(['Yes, that\'s me', 'That\'s right', 'Yes'])} — ${listener.firstName === '' ? '' : `nice to meet you, ${listener.firstName}`}. I'm ${speaker.firstName === speaker.name ? speaker.name : speaker.firstName}. ${sayDoing(speaker, rng)}`, end: false };

  if (n >= 7 || (n >= 5 && rng.chance(0.5))) return { line: `${line}${goodbye(speaker, listener, rng, now)}`, end: false };
  const invitation = invitationFor(speaker, listener, convo, now, rng);
  if (invitation) return { line: `${line}${rng.pick(['By the way,', 'Oh, before I forget:', 'Listen,', 'Say,'])} would you like to come ${invitation.startsWith('the ') ? 'to ' : ''}${invitation}?`, end: false };
  const shared = convo.filter((x) => x.speaker === speaker.name && newsGist(x.text)).length;
  const close = bondOf(speaker, listener) === 'family' || bondOf(speaker, listener) === 'friend';
  const share = shared < (close && rng.chance(0.5) ? 2 : 1) ? shareFor(speaker, listener, memories, convo, now) : null;
  if (share && n < 8) return { line: `${line}${tell(share, rng)}`, end: false };
  const asked = convo.filter((x) => x.speaker === speaker.name && /\?\s*$/.test(x.text)).length;
  if (asked < 2 && n < 6) return { line: `${line}${questionFor(speaker, listener, memories, convo, rng, now)}`, end: false };
  // An answer may stand on its own; the other side goes on from there.
  if (answered) return { line: line.trim(), end: false };
  return { line: `${line}${goodbye(speaker, listener, rng, now)}`, end: false };
}

function firstSentences(text: string, n: number): string {
  return sentences(text).slice(0, n).join(' ');
}

/**
 * An event as one names it going there: "the exhibition opening" for "his exhibition opening" or "an
 * exhibition opening", "Yumi's exhibition opening" as it is.
 */
export function theEvent(clause: string): string {
  if (/^[A-Z][\w-]*(?: [A-Z][\w-]*)*['’]s /.test(clause)) return clause;
  return `the ${clause.replace(/^(the|a|an|his|her|their|my|our|your|its)\s+/i, '')}`;
}

/** The host's "my party" as both partners (and everyone who hears of it) say it: "the party". */
export function sharedEvent(event: string): string {
  return event.replace(/^(?:my|his|her|their|our|your)\s+/i, 'the ');
}

/**
 * A summary both partners can use as their action ("conversing about …"); news told in the first
 * person is summarised about its teller ("I'm building …" by Tom → "Tom is building …"), whose
 * persona file `people` gives (by name).
 */
export function summarize(convo: ChatLine[], people: ReadonlyMap<string, PersonaSpec> = new Map()): string {
  const invite = convo.map((l) => INVITE.exec(l.text)).find(Boolean);
  if (invite) return `conversing about ${sharedEvent(at(invite, 1, 'invitation')).replace(/ on \w+ \w+ \d+ at .*$/, '')}`;
  const told = convo.map((l) => ({ l, news: extractNews(l.text) })).find((x): x is { l: ChatLine; news: string } => !!x.news);
  if (!told) return 'conversing about their day';
  const teller = people.get(told.l.speaker);
  const news = teller ? heardAs(told.news, { firstName: teller.firstName, spec: teller }) : told.news;
  return `conversing about news: ${gistOf(news)}`;
}
