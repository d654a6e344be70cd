// The shell: the top page, and the match of one seat kept in sync with the server (its view
// and its event record), drawn by the screens of the match's game (games.js says what they
// offer). Every change redraws the main region, which is small enough that no diffing is
// needed.

import { ApiError, Seat, createMatch, listGames } from "./api.js";
import { screensOf } from "./games.js";
import { localized, t, toggleLang } from "./i18n.js";
import { forgetMatch, saveMatch, savedMatch, updateMatch } from "./store.js";
import { h, replace } from "./ui/dom.js";
import { redrawsHeld } from "./ui/hold.js";
import { giveBack, takeKept } from "./ui/keep.js";
import { topScreen } from "./ui/top.js";

const $ = (id) => document.getElementById(id);

const state = {
  screen: "top", // "top" or "game"
  games: undefined, // GET /v1/games: the page's copy, or asked (api.js); null when unread
  choice: { game: null, players: 3, level: null, options: {} },
  screens: null, // the screens of the chosen game, or of the match's game while in a match
  match: null, // as saved (store.js)
  api: null,
  view: null,
  events: [], // this seat's record, version order
  local: null, // the game screen's state while the page is open
  stream: null,
  busy: false,
};

// --- drawing ----------------------------------------------------------------------------------

let redrawHeld = false;

function render() {
  if (redrawsHeld()) {
    redrawHeld = true;
    return;
  }
  redrawHeld = false;
  const focusKey = focusKeyOf(document.activeElement);
  const kept = takeKept();
  for (const element of document.querySelectorAll("[data-i18n]"))
    element.textContent = t(element.dataset.i18n);
  $("home").textContent = brand();
  $("open-record").hidden = state.screen !== "game" || !state.screens;
  replace($("app"), state.screen === "game" ? gameScreen() : top());
  if ($("record").open) drawRecord();
  const again = focusKey && document.querySelector(focusKey);
  giveBack(kept, again);
  if (again) again.focus();
  else focusNewScene();
}

// How to find the focused element again in the redrawn screen: by its data-focus, its
// data-autofocus (a heading a screen focused, which has no id: without this a redraw, as a
// stream event brings, dropped the focus to the page's body) or its id.
function focusKeyOf(element) {
  const data = element?.dataset;
  if (!data) return null;
  if (data.focus) return `[data-focus="${CSS.escape(data.focus)}"]`;
  if (data.autofocus) return `[data-autofocus="${CSS.escape(data.autofocus)}"]`;
  return element.id ? `#${CSS.escape(element.id)}` : null;
}

// A screen names what should take the focus when it first appears (data-autofocus: its
// heading or its main button); without it the focus would fall back to the page's body when
// the button just pressed goes away (after "start", a move, "next round").
let sceneFocus = null;

function focusNewScene() {
  const target = $("app").querySelector("[data-autofocus]");
  if (!target || target.dataset.autofocus === sceneFocus || $("record").open) return;
  target.focus({ preventScroll: true });
  // A button still disabled (a move in flight) takes the focus at a later redraw.
  if (document.activeElement === target) sceneFocus = target.dataset.autofocus;
}

function brand() {
  return titleOf(state.screen === "game" ? state.view.game : state.choice.game);
}

// A game's title as the server gives it (its id for a game the server did not list).
function titleOf(id) {
  const game = state.games?.find((entry) => entry.id === id);
  return game ? localized(game.title) : (id ?? "");
}

function top() {
  if (state.games === undefined) return null; // the list of games is on its way
  return topScreen({
    games: state.games,
    choice: state.choice,
    screens: state.screens,
    canResume: Boolean(savedMatch()),
    busy: state.busy,
    act: { start, resume, choose },
  });
}

// The form keeps its own state; redrawing it would take the focus off the radio buttons a
// keyboard user is moving through, so only another game redraws it.
async function choose(choice) {
  if (choice.game === state.choice.game) {
    state.choice = choice;
    return;
  }
  state.choice = { ...choice, options: {} };
  state.screens = await screensOf(choice.game);
  render();
}

function gameScreen() {
  if (!state.screens) return unknownGame();
  return state.screens.render(current(), host);
}

function unknownGame() {
  return h(
    "div",
    { class: "notice-screen", id: "unknown-game" },
    h("p", { class: "notice" }, t("noScreens", { game: titleOf(state.view.game) })),
    h("button", { id: "top", onclick: goTop }, t("top")),
  );
}

// The match as the game's screens see it (games.js).
function current() {
  return {
    view: state.view,
    record: state.screens.foldRecord(state.events),
    me: state.match.seat,
    saved: state.match.screen,
    local: state.local,
    busy: state.busy,
  };
}

function drawRecord() {
  replace($("record-body"), state.screens.recordPanel(current()));
}

// --- what the game's screens may ask of the shell -----------------------------------------------

const host = {
  move: (action) => send(() => state.api.act(action)),
  save(changes) {
    Object.assign(state.match.screen, changes);
    updateMatch({ screen: state.match.screen });
  },
  redraw: render,
  say,
  hush,
  status,
  playAgain: () => start(choiceOf(state.match, state.view.game)),
  top: goTop,
  current,
};

// A move: its response is the seat's view after it (computer seats' replies included).
// Resolves to whether the server took it. A move the server takes long over (computer seats
// answering) says so after a moment; one that never reached it waits for the server.
async function send(call) {
  if (state.busy) return false;
  state.busy = true;
  render();
  const thinking = setTimeout(() => ($("thinking").hidden = false), THINKING_AFTER_MS);
  try {
    state.view = await call();
    addEvents(await state.api.events(lastVersion()), false);
    return true;
  } catch (error) {
    if (error instanceof ApiError) {
      showError(error);
      await refresh().catch(() => {});
    } else {
      await reconnect();
    }
    return false;
  } finally {
    clearTimeout(thinking);
    $("thinking").hidden = true;
    state.busy = false;
    render();
  }
}

const THINKING_AFTER_MS = 300;
const RECONNECT_EVERY_MS = 1500;

// The server could not be reached (the browser's own words for it are no use to a player):
// say so until it answers again, then carry on from what it says. A move and a refresh may
// both lose the server at once: they wait for the same reconnection.
let reconnecting = null;

function reconnect() {
  reconnecting ??= (async () => {
    $("reconnecting").hidden = false;
    for (;;) {
      try {
        await refresh();
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_EVERY_MS));
      }
    }
    $("reconnecting").hidden = true;
    reconnecting = null;
  })();
  return reconnecting;
}

// --- starting, resuming, leaving ----------------------------------------------------------------

async function start({ game, players, level, options }) {
  state.choice = { game, players, level, options };
  state.busy = true;
  render();
  try {
    const created = await createMatch({ game, players, level, options });
    const human = created.seats.find((seat) => seat.token);
    saveMatch({
      matchId: created.match_id,
      token: human.token,
      seat: human.seat,
      game,
      players,
      level,
      options,
      screen: {},
    });
    await enter();
  } catch (error) {
    showError(error);
  } finally {
    state.busy = false;
    render();
  }
}

async function resume() {
  state.busy = true;
  render();
  try {
    await enter();
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      forgetMatch(); // the server no longer knows this match or this token
      showError(new Error(t("lostMatch")));
    } else {
      showError(error);
    }
  } finally {
    state.busy = false;
    render();
  }
}

async function enter() {
  leave();
  const match = { screen: {}, ...savedMatch() };
  const api = new Seat(match.matchId, match.token);
  const view = await api.view();
  const screens = await screensOf(view.game);
  const events = await api.events(0);
  // All at once: a redraw in between would mix this match with the one before.
  Object.assign(state, { match, api, view, screens, events, local: screens?.initial() });
  state.screen = "game";
  // A finished match has nothing more to stream (the server ends its stream at the end).
  if (state.screens && !finished(state.view)) {
    state.stream = state.api.stream(lastVersion(), { onEvent: onStreamEvent, more });
  }
}

function leave() {
  if (state.stream) state.stream.stop();
  state.stream = null;
}

async function goTop() {
  leave();
  hush();
  status("");
  if (state.view && finished(state.view)) forgetMatch();
  if (state.view) state.choice = choiceOf(state.match, state.view.game);
  state.screen = "top";
  state.view = null;
  state.choice.game = listed(state.choice.game);
  state.screens = await screensOf(state.choice.game);
  render();
}

// A game the top page can offer: `id` if the server lists it, else the first one listed.
function listed(id) {
  const ids = (state.games ?? []).map((game) => game.id);
  return ids.includes(id) ? id : (ids[0] ?? null);
}

// What the top page offers again after a match: the same game and settings.
function choiceOf({ players, level, options }, game) {
  return { game, players, level, options: options ?? {} };
}

// --- keeping in sync --------------------------------------------------------------------------

function finished(view) {
  return view.status === "finished";
}

function lastVersion() {
  return state.events.length ? state.events[state.events.length - 1].version : 0;
}

// Events reach us twice (the stream and GET /events after our own moves): keep each once.
function addEvents(events, live) {
  const fresh = events.filter((event) => event.version > lastVersion());
  state.events.push(...fresh);
  if (live) for (const event of fresh) state.screens.onEvent?.(event, host);
}

// The seat's view and the events since the last one kept, read from the server.
async function latest() {
  const view = await state.api.view();
  return { view, events: await state.api.events(lastVersion()) };
}

function take({ view, events }) {
  state.view = view;
  addEvents(events, false);
}

async function refresh() {
  take(await latest());
}

let refreshTimer = null;

function onStreamEvent(event) {
  addEvents([event], true);
  if (state.view && event.version > state.view.version) {
    // Events come in bursts (a move and the computer seats' replies): fetch the view once.
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => catchUp(event.version).catch(refreshFailed), 50);
  }
}

// The view as of the stream's event `version`, unless the screen has it by the time it is
// asked for or arrives (or shows no match any more): the stream often brings one's own move
// before the move's answer, which holds the same view, and drawing it again after that
// answer would cut short what the screen shows (a card turning after a double click).
async function catchUp(version) {
  const caughtUp = () => !state.view || state.view.version >= version;
  if (caughtUp()) return;
  const read = await latest();
  if (caughtUp()) return;
  take(read);
  render();
}

// The server's own refusal is shown; no answer at all is waited out, as for a move.
function refreshFailed(error) {
  if (error instanceof ApiError) showError(error);
  else reconnect().then(render);
}

// The server ended the stream: go on unless the match is over.
async function more() {
  await refresh();
  render();
  return !finished(state.view);
}

// A line in the ticker for a few seconds (a game's news: another seat's move).
function say(line) {
  const item = h("div", {}, line);
  $("ticker").append(item);
  setTimeout(() => item.remove(), 3000);
}

// The ticker's lines go: the scene they belonged to is over.
function hush() {
  $("ticker").replaceChildren();
}

// The line a screen reader reads out when it changes: whose turn it is, what to do.
function status(line) {
  if ($("status").textContent !== line) $("status").textContent = line;
}

function showError(error) {
  const box = $("error");
  box.textContent = t("error", { message: error.message });
  box.hidden = false;
  setTimeout(() => (box.hidden = true), 5000);
}

// --- page chrome ------------------------------------------------------------------------------

$("language").addEventListener("click", () => {
  toggleLang();
  render();
});
$("home").addEventListener("click", goTop);
$("open-record").addEventListener("click", () => {
  drawRecord();
  $("record").showModal();
});
$("close-record").addEventListener("click", () => $("record").close());
document.addEventListener("pointerup", () => redrawHeld && setTimeout(render));

// The list of games as the server wrote it into the page (api/web.py), or undefined when it
// did not (the page as a plain file).
function embeddedGames() {
  const text = $("games").textContent;
  return text ? JSON.parse(text).games : undefined;
}

async function boot() {
  const saved = savedMatch();
  if (saved) state.choice = choiceOf(saved, saved.game);
  if (saved) screensOf(saved.game); // on its way while the list of games is read
  try {
    state.games = embeddedGames() ?? (await listGames());
  } catch (error) {
    state.games = null;
    showError(error);
  }
  state.choice.game = listed(state.choice.game);
  state.screens = await screensOf(state.choice.game);
  render();
}

boot();
