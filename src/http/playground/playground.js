// The playground page: a key, a connection, a question; the answer in all its parts.
import { ApiProblem, createApiClient } from './api-client.js';
import { element, renderCharts, renderQuery, renderReading, renderTables } from './answer-view.js';
import { inlineCidImages } from './email-preview.js';

/** sessionStorage only: the key leaves with the tab, and never appears in a URL. */
const KEY_STORAGE = 'querent.apiKey';
const CONNECTION_STORAGE = 'querent.connectionId';

const $ = (id) => document.getElementById(id);
const dom = {
  keyForm: $('key-form'), keyInput: $('api-key'), forgetKey: $('forget-key'), connection: $('connection'),
  promptsLeft: $('prompts-left'), askForm: $('ask-form'), question: $('question'), askButton: $('ask'),
  progress: $('progress'), progressText: $('progress-text'), error: $('error'),
  decline: $('decline'), declineDetail: $('decline-detail'), suggestions: $('suggestions'),
  answer: $('answer'), answerText: $('answer-text'), charts: $('charts'), tables: $('tables'),
  interpretation: $('interpretation'), assumptions: $('assumptions'), assumptionsBlock: $('assumptions-block'),
  sqlText: $('sql-text'), sqlParameters: $('sql-parameters'),
  showEmail: $('show-email'), emailSubject: $('email-subject'), emailFrame: $('email-frame'),
  followUpForm: $('follow-up-form'), followUp: $('follow-up'), previousRunId: $('previous-run-id'),
};

const api = createApiClient(() => sessionStorage.getItem(KEY_STORAGE));
/** The last complete run: the follow-up refines it, the email preview renders it. */
let lastRun = null;
let busy = false;

dom.keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const key = dom.keyInput.value.trim();
  if (!key) return;
  sessionStorage.setItem(KEY_STORAGE, key);
  void useKey();
});

dom.forgetKey.addEventListener('click', () => {
  sessionStorage.removeItem(KEY_STORAGE);
  dom.keyInput.value = '';
  dom.connection.replaceChildren(element('option', { value: '' }, ['Paste a key first']));
  dom.connection.disabled = true;
  dom.promptsLeft.textContent = '';
});

dom.connection.addEventListener('change', () => sessionStorage.setItem(CONNECTION_STORAGE, dom.connection.value));

dom.askForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void ask(dom.question.value);
});

dom.followUpForm.addEventListener('submit', (event) => {
  event.preventDefault();
  if (lastRun) void ask(dom.followUp.value, lastRun.runId);
});

dom.showEmail.addEventListener('click', () => void showEmail());

/** Checks the key by reading the context, then lists the connections. */
async function useKey() {
  showError(null);
  try {
    await refreshPromptsLeft();
    const connections = await api.connections();
    const remembered = sessionStorage.getItem(CONNECTION_STORAGE);
    dom.connection.replaceChildren(...connections.map((connection) =>
      element('option', { value: String(connection.id) }, [`${connection.name} (${connection.kind}${connection.sample ? ', sample' : ''})`])));
    if (connections.some((connection) => String(connection.id) === remembered)) dom.connection.value = remembered;
    dom.connection.disabled = connections.length === 0;
    if (connections.length === 0) dom.connection.replaceChildren(element('option', { value: '' }, ['No connections']));
  } catch (error) {
    // A refused key is not kept: a reload would only be refused again.
    if (error instanceof ApiProblem && error.problem.status === 401) sessionStorage.removeItem(KEY_STORAGE);
    showError(error);
  }
}

async function refreshPromptsLeft() {
  const context = await api.context();
  dom.promptsLeft.textContent = `${context.workspace.name}: ${context.prompts.remaining} prompts left`;
  dom.promptsLeft.dataset.remaining = String(context.prompts.remaining);
}

async function ask(questionText, previousRunId) {
  const prompt = questionText.trim();
  const connectionId = Number(dom.connection.value);
  if (busy || !prompt) return;
  if (!connectionId) return showError(new Error('Pick a connection first (paste a key to list them).'));
  setBusy(true);
  showError(null);
  dom.decline.hidden = true;
  const started = Date.now();
  const ticker = setInterval(() => showProgress(started), 500);
  showProgress(started);
  try {
    const run = await api.ask({ connectionId, prompt, previousRunId }, (pending) => showProgress(started, pending));
    await showAnswer(run);
  } catch (error) {
    if (error instanceof ApiProblem && error.code === 'question_not_understood') showDecline(error);
    else showError(error);
  } finally {
    clearInterval(ticker);
    setBusy(false);
    void refreshPromptsLeft().catch(() => {});
  }
}

function showProgress(started, pending) {
  const seconds = Math.floor((Date.now() - started) / 1000);
  if (pending) dom.progress.dataset.runId = pending.runId;
  const state = pending ? `${pending.status}, waiting for the answer` : 'asking';
  dom.progressText.textContent = `${state[0].toUpperCase()}${state.slice(1)}… ${seconds} s`;
}

function setBusy(value) {
  busy = value;
  dom.progress.hidden = !value;
  if (!value) delete dom.progress.dataset.runId;
  dom.askButton.disabled = value;
  for (const button of dom.followUpForm.querySelectorAll('button')) button.disabled = value;
}

async function showAnswer(run) {
  lastRun = run;
  const answer = run.answer ?? {};
  dom.answer.hidden = false;
  dom.answer.dataset.runId = run.runId;
  dom.answerText.textContent = answer.text ?? '';
  renderReading(answer, dom);
  renderQuery(answer.query, dom);
  renderTables(answer.tables ?? [], dom.tables);
  dom.previousRunId.textContent = run.runId;
  dom.followUp.value = '';
  dom.emailFrame.hidden = true;
  dom.emailSubject.hidden = true;
  dom.emailFrame.removeAttribute('srcdoc');
  await renderCharts(answer.figures ?? [], dom.charts);
}

function showDecline(problem) {
  dom.answer.hidden = true;
  dom.decline.hidden = false;
  dom.declineDetail.textContent = problem.message;
  dom.suggestions.replaceChildren(...problem.suggestions.map((suggestion) => {
    const button = element('button', { type: 'button', className: 'suggestion' }, [suggestion]);
    button.addEventListener('click', () => {
      dom.question.value = suggestion;
      void ask(suggestion);
    });
    return element('li', {}, [button]);
  }));
}

/** The same run rendered as an email (free): its HTML in a sandboxed frame, the chart inlined. */
async function showEmail() {
  if (!lastRun) return;
  dom.showEmail.disabled = true;
  try {
    const { answer } = await api.rerender(lastRun.runId, 'email');
    dom.emailSubject.textContent = `Subject: ${answer.subject}`;
    dom.emailSubject.hidden = false;
    dom.emailFrame.srcdoc = inlineCidImages(answer.html, answer.mime);
    dom.emailFrame.hidden = false;
  } catch (error) {
    showError(error);
  } finally {
    dom.showEmail.disabled = false;
  }
}

function showError(error) {
  dom.error.hidden = !error;
  dom.error.textContent = error ? (error instanceof ApiProblem && error.code ? `${error.message} (${error.code})` : error.message) : '';
}

if (sessionStorage.getItem(KEY_STORAGE)) {
  dom.keyInput.value = sessionStorage.getItem(KEY_STORAGE);
  void useKey();
}
