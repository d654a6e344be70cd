// Each game's screens in this client.
//
// A game's screens are the module games/<id>/screen.js, imported when the top page offers the
// game or a match of it is entered. It exports:
//   texts: { ja: {...}, en: {...} }  its words; the top page shows `tagline`, `rules` (a list),
//                                    `levelNotes` ({ level: note }) and `options` ({ option
//                                    name: label }) when it has them; a word it lacks is the
//                                    shell's (i18n.js)
//   stylesheet                       optional: the URL of its CSS, loaded before it draws
//   narrowSeats                      optional: the most seats its table fits on a phone upright
//   initial()                        its unsaved state for a match just entered (`local`)
//   foldRecord(events)               the record it reads, folded from this seat's events (GET
//                                    /events and the stream: { version, type, data })
//   howToPlay()                      optional: the nodes of its "how to play" (instead of
//                                    the `rules` list)
//   render(match, host)              the nodes of the match's screen; an element with
//                                    data-autofocus="<key>" takes the focus when a screen
//                                    with a new key appears (its heading or main button)
//   recordPanel(match)               the content of the "record" dialog
//   onEvent(event, host)             optional: an event that just came in on the stream
// `match` is { view, record, me, saved, local, busy }: `view` is the seat's view (the envelope,
// with `game` and `status`, and the game's own fields), `record` what foldRecord made of the
// events so far, `me` the seat; `saved` is the screen's own state kept in the browser with the
// match (it survives a reload), `local` lives as long as the page.
// `host` is the shell: move(action) sends { kind, ... } and resolves to whether it was taken;
// save(changes) merges into `saved`; redraw(); say(line) for the ticker, hush() to clear it
// (its news is over); status(line) the one line a screen reader reads out when it changes
// (whose turn, what to do); playAgain(); top(); current() the match as it is now (for timers).
// Every redraw builds the screen anew; the shell gives back what the person was doing in the
// old elements (ui/keep.js): the focus, found by id or data-focus, the text typed into a
// focused field (as text, with no change event: read a field's value when acting on it) and
// which <details> with an id were open.

import { h } from "./ui/dom.js";

const GAME_ID = /^[a-z][a-z0-9_]*$/;

const loaded = new Map(); // game id -> Promise of its screen module, or of null

// The screens of game `id`, or null when this client has none.
export function screensOf(id) {
  if (!loaded.has(id)) loaded.set(id, importScreens(id));
  return loaded.get(id);
}

async function importScreens(id) {
  if (!GAME_ID.test(id ?? "")) return null;
  let screens;
  try {
    screens = await import(`./games/${id}/screen.js`);
  } catch (error) {
    if (error instanceof TypeError) return null; // not there (a module with a bug throws on)
    throw error;
  }
  if (screens.stylesheet) await addStylesheet(screens.stylesheet);
  return screens;
}

function addStylesheet(href) {
  return new Promise((resolve, reject) => {
    document.head.append(h("link", { rel: "stylesheet", href, onload: resolve, onerror: reject }));
  });
}
