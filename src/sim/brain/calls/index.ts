/**
 * The list of brain calls: one module each in this folder (its argument and answer types, reply
 * schema, prompt template name, token cap, accept/fallback). The Brain port, the guard, the LLM
 * brain's tables and the offline brain's methods are all derived from this list (how to add a call:
 * CONTRIBUTING.md).
 */
import { wakeUpHour } from './wakeUpHour';
import { dailyPlan } from './dailyPlan';
import { hourlySchedule } from './hourlySchedule';
import { taskDecomp } from './taskDecomp';
import { actionSector } from './actionSector';
import { actionArena } from './actionArena';
import { actionObject } from './actionObject';
import { pronunciatio } from './pronunciatio';
import { eventTriple } from './eventTriple';
import { actObjDesc } from './actObjDesc';
import { actObjEventTriple } from './actObjEventTriple';
import { decideToTalk } from './decideToTalk';
import { decideToReact } from './decideToReact';
import { conversationTurn } from './conversationTurn';
import { summarizeConversation } from './summarizeConversation';
import { poignancy } from './poignancy';
import { focalPoints } from './focalPoints';
import { insights } from './insights';
import { newDecompSchedule } from './newDecompSchedule';
import { planNote } from './planNote';
import { thoughtNote } from './thoughtNote';
import { reviseCurrently } from './reviseCurrently';
import { dailyPlanReq } from './dailyPlanReq';
import { whisperInnerThought } from './whisperInnerThought';
import { planningThought } from './planningThought';
import { memoAfterConvo } from './memoAfterConvo';
import { interview } from './interview';
import { diaryEntry } from './diaryEntry';
import { chooseAction } from './chooseAction';
import { townPlan } from './townPlan';
import { townPulse } from './townPulse';
import { startDay } from './startDay';
import { planDay } from './planDay';
import { reviseIdentity } from './reviseIdentity';
import { actionDetails } from './actionDetails';
import { poignancies } from './poignancies';
import { conversation } from './conversation';
import { replanStretches } from './replanStretches';
import { reflectionInsights } from './reflectionInsights';
import { embed } from './embed';

export const CALLS = {
  wakeUpHour,
  dailyPlan,
  hourlySchedule,
  taskDecomp,
  actionSector,
  actionArena,
  actionObject,
  pronunciatio,
  eventTriple,
  actObjDesc,
  actObjEventTriple,
  decideToTalk,
  decideToReact,
  conversationTurn,
  summarizeConversation,
  poignancy,
  focalPoints,
  insights,
  newDecompSchedule,
  planNote,
  thoughtNote,
  reviseCurrently,
  dailyPlanReq,
  whisperInnerThought,
  planningThought,
  memoAfterConvo,
  interview,
  diaryEntry,
  chooseAction,
  townPlan,
  townPulse,
  startDay,
  planDay,
  reviseIdentity,
  actionDetails,
  poignancies,
  conversation,
  replanStretches,
  reflectionInsights,
  embed,
} as const;

/** Every brain call's name. */
export type CallName = keyof typeof CALLS;
/** A call's arguments after the context. */
export type CallArgs<K extends CallName> = NonNullable<(typeof CALLS)[K]['types']>['args'];
/** A call's answer. */
export type CallAnswer<K extends CallName> = NonNullable<(typeof CALLS)[K]['types']>['answer'];
