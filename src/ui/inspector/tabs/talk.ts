import type { ChatLine } from '../../../sim/persona/memory';
import { commitmentPhrase } from '../../../sim/cognition/commitments';
import { h } from '../../dom';
import { button } from '../dom';
import type { Tab, TabContext } from '../tab';

interface PendingWhisper {
  persona: string;
  text: string;
  /** Memory length when whispered: the thought it becomes comes after. */
  from: number;
  thought: string | null;
  /** Commitments the persona had when whispered: a plan the whisper made comes after. */
  plansFrom: number;
  plan: string | null;
}

/**
 * Talk (live only): whisper to the persona (its inner voice; taken in at the next step as a thought
 * and maybe a plan) and interview it (it answers in character from its memories and remembers nothing).
 */
export function talkTab(): Tab {
  let ctxRef: TabContext | null = null;
  const whispers: PendingWhisper[] = [];
  const interviews = new Map<string, ChatLine[]>();

  const wText = h('textarea', { class: 'insp-input' });
  wText.name = 'whisper';
  wText.rows = 2;
  wText.placeholder = 'e.g. You want to throw a Valentine’s Day party at the café on February 14 at 5 pm.';
  const wStatus = h('div', { class: 'insp-status', data: { role: 'whisper-status' } });
  const wBtn = button('Whisper', () => doWhisper(), 'insp-btn primary');
  wBtn.name = 'whisper-send';

  const qText = h('input', { class: 'insp-input' });
  qText.name = 'ask';
  qText.placeholder = 'Ask a question, e.g. What are you up to today?';
  const qBtn = button('Ask', () => void doAsk(), 'insp-btn primary');
  qBtn.name = 'ask-send';
  const qClear = button('New interview', () => {
    if (ctxRef) interviews.delete(ctxRef.persona.id);
    renderTranscript();
  });
  const qStatus = h('div', { class: 'insp-status' });
  const transcript = h('ol', { class: 'insp-transcript insp-interview' });
  qText.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void doAsk();
  });
  wText.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      doWhisper();
    }
  });

  // Talk in person: your resident walks up and opens a conversation (the chat panel).
  const inPerson = h('div', { class: 'insp-in-person' });
  const talkBtn = button('Talk', () => {
    if (ctxRef?.source.talkInPerson) ctxRef.source.talkInPerson(ctxRef.persona.id);
  }, 'insp-btn primary');
  talkBtn.name = 'talk-in-person';
  const talkWhy = h('span', { class: 'insp-muted' });
  inPerson.append(h('h4', { text: 'Talk in person' }), h('div', { class: 'insp-row' }, talkBtn, talkWhy));

  const el = h(
    'div',
    { class: 'insp-tab insp-talk' },
    inPerson,
    h('h4', { text: 'Whisper' }),
    h('p', { class: 'insp-muted', text: 'Be the persona’s inner voice: it takes the whisper in at the next step as something it believes, and a place and a time in it become a plan.' }),
    wText,
    h('div', { class: 'insp-row' }, wBtn),
    wStatus,
    h('h4', { text: 'Ask (interview)' }),
    h('p', { class: 'insp-muted', text: 'The persona answers in character from its memories; the interview changes nothing in its mind.' }),
    h('div', { class: 'insp-row' }, qText, qBtn),
    qStatus,
    transcript,
    h('div', { class: 'insp-row' }, qClear),
  );

  function doWhisper(): void {
    const ctx = ctxRef;
    const text = wText.value.trim();
    if (!ctx || !text || !ctx.source.whisper) return;
    try {
      ctx.source.whisper(ctx.persona.id, text);
    } catch (err) {
      wStatus.textContent = err instanceof Error ? err.message : String(err);
      return;
    }
    whispers.push({ persona: ctx.persona.id, text, from: ctx.persona.memory.length, thought: null, plansFrom: ctx.persona.commitments.length, plan: null });
    wText.value = '';
    renderWhispers(ctx);
  }

  async function doAsk(): Promise<void> {
    const ctx = ctxRef;
    const q = qText.value.trim();
    if (!ctx || !q || !ctx.source.interview) return;
    const id = ctx.persona.id;
    const name = ctx.persona.name;
    const lines = interviews.get(id) ?? [];
    qText.value = '';
    qBtn.disabled = true;
    qStatus.textContent = `${name.split(' ')[0]} is thinking…`;
    try {
      const answer = await ctx.source.interview(id, q, lines.slice());
      interviews.set(id, [...lines, { speaker: 'Interviewer', text: q }, { speaker: name, text: answer }]);
      qStatus.textContent = '';
    } catch (err) {
      qStatus.textContent = `No answer: ${err instanceof Error ? err.message : String(err)}`;
    } finally {
      qBtn.disabled = false;
    }
    renderTranscript();
  }

  function renderTranscript(): void {
    const lines = ctxRef ? (interviews.get(ctxRef.persona.id) ?? []) : [];
    transcript.replaceChildren(...lines.map((l) => h('li', { class: l.speaker === 'Interviewer' ? 'q' : 'a' }, h('b', { text: `${l.speaker === 'Interviewer' ? 'You' : l.speaker}: ` }), h('span', { text: l.text }))));
    qClear.hidden = lines.length === 0;
  }

  let lastKey = '';
  function renderWhispers(ctx: TabContext): void {
    const mine = whispers.filter((w) => w.persona === ctx.persona.id);
    const first = ctx.persona.name.split(' ')[0];
    // A whisper becomes the first "thinks" thought made after it was sent.
    for (const w of mine) {
      if (w.thought !== null) continue;
      for (let i = w.from; i < ctx.persona.memory.length; i++) {
        const n = ctx.persona.memory[i];
        if (n?.type === 'thought' && n.predicate === 'thinks' && (n.object === undefined || n.object === 'a whisper') && !mine.some((o) => o !== w && o.thought === n.description && o.from <= i)) {
          w.thought = n.description;
          const c = ctx.persona.commitments.slice(w.plansFrom).find((x) => x.source === 'whisper');
          if (c) w.plan = commitmentPhrase(c);
          break;
        }
      }
    }
    const key = `${ctx.persona.id}|${mine.map((w) => `${w.thought ?? '?'}${w.plan ?? ''}`).join('|')}`;
    if (key === lastKey) return;
    lastKey = key;
    wStatus.replaceChildren(
      ...mine.slice(-4).map((w) =>
        h(
          'div',
          { class: 'insp-whisper' },
          h('div', null, h('b', { text: 'You whispered: ' }), h('span', { text: w.text })),
          w.thought === null
            ? h('div', { class: 'insp-muted', text: `whispered — ${first} will take it in at the next step` })
            : h('div', null, h('b', { text: `${first} now thinks: ` }), h('span', { class: 'insp-whisper-thought', text: w.thought })),
          w.plan ? h('div', null, h('b', { text: 'Plan: ' }), h('span', { class: 'insp-whisper-plan', text: `${w.plan} (see Day)` })) : null,
        ),
      ),
    );
  }

  return {
    id: 'talk',
    label: 'Talk',
    liveOnly: true,
    el,
    reset() {
      lastKey = '';
      qStatus.textContent = '';
    },
    refresh(ctx: TabContext) {
      const changed = ctxRef?.persona.id !== ctx.persona.id;
      ctxRef = ctx;
      const why = ctx.source.talkProblem?.(ctx.persona.id);
      inPerson.hidden = why === undefined;
      talkBtn.disabled = why !== null;
      talkWhy.textContent = why ? ` ${why}` : '';
      renderWhispers(ctx);
      if (changed) renderTranscript();
    },
  };
}
