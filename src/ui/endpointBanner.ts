import type { EndpointNotice, HamletStore } from '../store/store';
import { pageLayout } from './layout';
import { offerText } from '../app/saveBrain';
import { isInTab } from '../llm/inTab/inTab';
import { modelLabel } from '../llm/inTab/models';

interface BannerActions {
  /** A save's model is offered: the player's answer (src/app/saveBrain.ts). */
  offer?: { accept(): void; decline(): void };
  /** Probe the endpoint now (and use the model if it answers). */
  retry(): void;
  /** Switch the town to the offline brain (the town itself goes on). */
  useOffline(): void;
}

/** The banner's sentence for an endpoint notice, at wall time `now` (Date.now()). */
function endpointText(e: EndpointNotice, now: number): string {
  // A save made on a model in this tab: nothing leaves the page and no key is involved.
  if (e.state === 'offered') return isInTab(e.baseURL) ? `This save was made with a model in this tab (${modelLabel(e.model)}): use it?` : offerText(e.baseURL);
  // A model in this tab has no address worth showing (src/llm/inTab/).
  const model = isInTab(e.baseURL) ? 'The model in this tab' : `The model at ${e.baseURL}`;
  if (e.state === 'checking') return isInTab(e.baseURL) ? 'Loading the model in this tab from the browser’s cache before the town uses it…' : `Checking the model at ${e.baseURL} before the town uses it…`;
  if (e.state === 'unreachable') return `${model} is not answering: the town started on the offline brain.`;
  if (e.state === 'unreadable') return `${model} gives no usable replies: the last ${e.calls} calls fell back to the offline brain, which runs the town meanwhile.`;
  const secs = Math.ceil((e.retryAt - now) / 1000);
  return `${model} is not answering: ${e.retrying || secs <= 0 ? 'retrying now…' : `retrying in ${secs} s`} (the offline brain answers meanwhile).`;
}

/**
 * The banner under the top bar while the model endpoint is not serving the town (store.endpoint):
 * what is wrong, the exact error (or, for replies nothing can use, the first reason and how many
 * calls it failed), a live countdown to the next try, "Retry now" and "Use the offline brain". Every text is set as text: an error may quote whatever the endpoint sent.
 */
export function mountEndpointBanner(store: HamletStore, actions: BannerActions): HTMLElement {
  const banner = document.createElement('div');
  banner.className = 'endpoint-banner';
  banner.setAttribute('role', 'status');
  banner.hidden = true;
  const message = document.createElement('span');
  message.className = 'endpoint-message';
  const reason = document.createElement('small');
  reason.className = 'endpoint-reason';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.name = 'endpoint-retry';
  const offered = () => store.getState().endpoint?.state === 'offered';
  retry.addEventListener('click', () => (offered() ? actions.offer?.accept() : actions.retry()));
  const offline = document.createElement('button');
  offline.type = 'button';
  offline.name = 'endpoint-offline';
  offline.addEventListener('click', () => (offered() ? actions.offer?.decline() : actions.useOffline()));
  const buttons = document.createElement('span');
  buttons.className = 'endpoint-buttons';
  buttons.append(retry, offline);
  banner.append(message, buttons, reason);
  pageLayout().slot('top').append(banner);

  const render = () => {
    const e = store.getState().endpoint;
    banner.hidden = e === null;
    if (!e) return;
    banner.dataset.state = e.state;
    message.textContent = endpointText(e, Date.now());
    reason.textContent = e.state === 'checking' ? '' : e.state === 'offered' ? `Model "${e.model}". Your key stays with the endpoint you typed it for; give one for this endpoint in ⚙ Brain if it needs one.` : e.state === 'unreadable' ? `Why: ${e.reason} (${e.shared} of the ${e.calls})` : e.reason;
    reason.hidden = e.state === 'checking';
    buttons.hidden = e.state === 'checking';
    // Nothing to retry: the endpoint answers. Its replies are what is wrong.
    retry.hidden = e.state === 'unreadable';
    retry.textContent = e.state === 'offered' ? 'Use it' : e.state === 'unreachable' ? 'Retry' : 'Retry now';
    retry.disabled = e.state === 'down' && e.retrying;
    offline.textContent = e.state === 'offered' ? 'Keep the current brain' : e.state === 'unreachable' ? 'Keep the offline brain' : 'Use the offline brain';
  };
  store.subscribe((s, prev) => {
    if (s.endpoint !== prev.endpoint) render();
  });
  // The countdown is live.
  setInterval(() => {
    if (store.getState().endpoint?.state === 'down') render();
  }, 500);
  render();
  return banner;
}
