// The controller: keeps the seat's view and event record in sync with the server and draws
// the screen for them. Screens are plain functions of this state (ui/*.js); every change
// redraws the main region, which is small enough that no diffing is needed.

import { ApiError, Seat, createMatch } from "./api.js";
import { foldRounds } from "./history.js";
import { t, texts, toggleLang } from "./i18n.js";
import { moveCard, orientedCards, syncLayout, turnAll, turnCard } from "./layout.js";
import { forgetMatch, saveMatch, savedMatch, updateMatch } from "./store.js";
import { replace } from "./ui/dom.js";
import { endScreen } from "./ui/end.js";
import { exchangeArea, orientationArea } from "./ui/play.js";
import { recordPanel } from "./ui/record.js";
import { isDragging } from "./ui/row.js";
import { showdownScreen } from "./ui/showdown.js";
import { seatName, table, tableCentre } from "./ui/table.js";
import { topScreen } from "./ui/top.js";

const $ = (id) => document.getElementById(id);

const state = {
  screen: "top", // "top" or "game"
  choice: { players: 3, level: "easy" },
  match: null, // { matchId, token, seat, players, level, seenShowdown, layout } as saved
  api: null,
  view: null,
  events: [], // this seat's record, version order
  marked: new Set(), // cards marked for discard
  fresh: new Set(), // seats whose exchange just came in on the stream
  stream: null,
  busy: false,
};

// --- drawing ----------------------------------------------------------------------------------

let renderHeld = false;

function render() {
  if (isDragging()) {
    renderHeld = true; // redrawing would drop the card under the finger
    return;
  }
  renderHeld = false;
  const focused = document.activeElement;
  const focusKey =
    focused &&
    (focused.dataset.card
      ? `[data-card="${focused.dataset.card}"][tabindex]`
      : focused.id && `#${focused.id}`);
  for (const element of document.querySelectorAll("[data-i18n]"))
    element.textContent = t(element.dataset.i18n);
  $("open-record").hidden = state.screen !== "game";
  replace($("app"), state.screen === "game" && state.view ? gameScreen() : top());
  if ($("record").open) drawRecord();
  const again = focusKey && document.querySelector(focusKey);
  if (again) again.focus();
}

function top() {
  return topScreen({
    choice: state.choice,
    canResume: Boolean(savedMatch()),
    busy: state.busy,
    act: {
      start,
      resume,
      // The form keeps its own state; redrawing it would take the focus off the radio
      // buttons that a keyboard user is moving through, so only the level's note changes.
      choose(choice) {
        state.choice = choice;
        $("level-note").textContent = texts("levelNotes")[choice.level];
      },
    },
  });
}

function gameScreen() {
  const { view, match } = state;
  const me = match.seat;
  const rounds = foldRounds(state.events);
  const showdown = rounds.find(
    (round) => round.round > match.seenShowdown && round.ended && round.showdowns.up?.placed[me],
  );
  if (showdown && showdown.winner === null) {
    return showdownScreen(showdown, {
      me,
      seats: view.seats,
      act: { next: acknowledge(showdown) },
    });
  }
  if (view.status === "finished") {
    // The winner above, and the last showdown, the one that decided the match, below.
    const last = rounds.findLast((round) => round.showdowns.up);
    const decided = showdownScreen(last, { me, seats: view.seats, act: {} });
    return [endScreen(view, { me, act: { playAgain, top: goTop } }), decided];
  }
  const mine = view.seats[me];
  match.layout = syncLayout(match.layout, view.round, mine.cards);
  updateMatch({ layout: match.layout });
  state.marked = new Set([...state.marked].filter((card) => match.layout.order.includes(card)));
  const context = {
    view,
    me,
    layout: match.layout,
    marked: state.marked,
    busy: state.busy,
    act: actions,
  };
  return [
    table(view, me, state.fresh),
    tableCentre(view),
    view.phase === "exchange" ? exchangeArea(context) : orientationArea(context),
  ];
}

function drawRecord() {
  replace(
    $("record-body"),
    recordPanel(foldRounds(state.events), { me: state.match.seat, seats: state.view.seats }),
  );
}

// --- the player's moves -----------------------------------------------------------------------

function keepLayout(layout) {
  state.match.layout = layout;
  updateMatch({ layout });
  render();
}

const actions = {
  toggleMark(index) {
    const card = state.match.layout.order[index];
    if (!state.marked.delete(card)) state.marked.add(card);
    render();
  },
  turn(index) {
    keepLayout(turnCard(state.match.layout, state.match.layout.order[index]));
  },
  move(from, to) {
    keepLayout(moveCard(state.match.layout, from, to));
  },
  turnAll() {
    keepLayout(turnAll(state.match.layout));
  },
  exchange() {
    const discard = state.match.layout.order.filter((card) => state.marked.has(card));
    send(() => state.api.exchange(discard));
  },
  keepAll() {
    send(() => state.api.exchange([]));
  },
  place() {
    send(() => state.api.orientation(orientedCards(state.match.layout)));
  },
};

function acknowledge(round) {
  return () => {
    state.match.seenShowdown = round.round;
    updateMatch({ seenShowdown: round.round });
    render();
  };
}

// A move: its response is the seat's view after it (computer seats' replies included).
async function send(call) {
  if (state.busy) return;
  state.busy = true;
  render();
  try {
    state.view = await call();
    state.marked.clear();
    addEvents(await state.api.events(lastVersion()), false);
  } catch (error) {
    showError(error);
    await refresh().catch(() => {});
  } finally {
    state.busy = false;
    render();
  }
}

// --- starting, resuming, leaving ----------------------------------------------------------------

async function start(players, level) {
  state.choice = { players, level };
  state.busy = true;
  render();
  try {
    const created = await createMatch(players, level);
    const human = created.seats.find((seat) => seat.token);
    saveMatch({
      matchId: created.match_id,
      token: human.token,
      seat: human.seat,
      players,
      level,
      seenShowdown: 0,
      layout: null,
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
  state.match = savedMatch();
  state.choice = { players: state.match.players, level: state.match.level };
  state.api = new Seat(state.match.matchId, state.match.token);
  state.events = [];
  state.marked.clear();
  state.view = await state.api.view();
  addEvents(await state.api.events(0), false);
  state.screen = "game";
  // A finished match has nothing more to stream (the server ends its stream at the end).
  if (state.view.status !== "finished") {
    state.stream = state.api.stream(lastVersion(), (event) => onStreamEvent(event));
  }
}

function leave() {
  if (state.stream) state.stream.stop();
  state.stream = null;
}

function playAgain() {
  start(state.match.players, state.match.level);
}

function goTop() {
  leave();
  if (state.view && state.view.status === "finished") forgetMatch();
  state.screen = "top";
  state.view = null;
  render();
}

// --- keeping in sync --------------------------------------------------------------------------

function lastVersion() {
  return state.events.length ? state.events[state.events.length - 1].version : 0;
}

// Events reach us twice (the stream and GET /events after our own moves): keep each once.
function addEvents(events, live) {
  for (const event of events) {
    if (event.version <= lastVersion()) continue;
    state.events.push(event);
    if (live && event.type === "CardsExchanged" && event.data.seat !== state.match.seat) {
      announce(event.data);
    }
  }
}

async function refresh() {
  state.view = await state.api.view();
  addEvents(await state.api.events(lastVersion()), false);
}

let refreshTimer = null;

function onStreamEvent(event) {
  addEvents([event], true);
  if (event.type === "SeedRevealed") leave(); // the last event of a match
  if (state.view && event.version > state.view.version) {
    // Events come in bursts (a move and the computer seats' replies): fetch the view once.
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => refresh().then(render, showError), 50);
  }
}

// Other seats' exchanges as they happen: a line in the ticker and a glow on the seat, one
// after another so that a burst of computer moves can still be followed.
let tickerFree = 0;

function announce(exchange) {
  // The first line waits a moment: the move that caused the burst may still be answering.
  const start = Math.max(Date.now() + 300, tickerFree);
  tickerFree = start + 700;
  setTimeout(() => {
    // Only while the table is on screen, and not once the round is over: computer seats play
    // on by themselves after the player is out, a whole round in one burst.
    const over = state.events.some(
      (e) => e.type === "RoundEnded" && e.data.round >= exchange.round,
    );
    if (over || !document.querySelector("#app .table")) return;
    const name = seatName(state.view.seats[exchange.seat], state.match.seat);
    const line = document.createElement("div");
    line.textContent = t("exchanged", { name, n: exchange.discarded.length });
    $("ticker").append(line);
    setTimeout(() => line.remove(), 3000);
    state.fresh.add(exchange.seat);
    render();
    setTimeout(() => {
      state.fresh.delete(exchange.seat);
      render();
    }, 1200);
  }, start - Date.now());
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
document.addEventListener("pointerup", () => renderHeld && setTimeout(render));

const saved = savedMatch();
if (saved) state.choice = { players: saved.players, level: saved.level };
render();
