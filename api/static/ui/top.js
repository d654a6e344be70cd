// The top page: the game, the number of players, the computer players' level and the game's
// options; "start", and "continue" for a saved match.

import { localized, t, translator } from "../i18n.js";
import { h } from "./dom.js";

const narrow = window.matchMedia("(max-width: 600px)");

// games: the server's games (listGames in ../api.js), or null when they could not be read;
// choice: { game, players, level, options }; screens: the chosen game's screens, null when
// this client has none; act: { choose(choice), start(choice), resume() }; canResume: a saved
// match.
export function topScreen({ games, choice, screens, canResume, busy, act }) {
  const game = games?.find((entry) => entry.id === choice.game);
  const words = screens && translator(screens.texts);
  const onchange = (event) => {
    const chosen = readForm(event.currentTarget.form, game);
    const note = document.getElementById("level-note");
    if (note) note.textContent = levelNote(words, chosen.level);
    act.choose(chosen);
  };
  const start = (event) => {
    event.preventDefault();
    act.start(readForm(event.target, game));
  };
  return h(
    "form",
    { class: "top", id: "top-page", onsubmit: start },
    game && [
      h("h1", {}, localized(game.title)),
      words?.texts("tagline") && h("p", { class: "tagline" }, words.texts("tagline")),
      gamePicker(games, game, onchange),
      playersPicker(game, choice.players, screens, onchange),
      game.levels.length > 0 && levelPicker(game, choice.level, words, onchange),
      game.options.map((option) => optionField(option, choice.options, words, onchange)),
    ],
    !games && h("p", { class: "notice" }, t("noGames")),
    game &&
      !screens &&
      h("p", { class: "notice" }, t("noScreens", { game: localized(game.title) })),
    h(
      "div",
      { class: "buttons column" },
      game &&
        h(
          "button",
          { type: "submit", class: "primary", id: "start", disabled: busy || !screens },
          t("start"),
        ),
      canResume &&
        h(
          "button",
          { type: "button", id: "continue", onclick: act.resume, disabled: busy },
          t("continue"),
        ),
    ),
    howTo(screens, words),
  );
}

// "How to play": the game's own guide when it draws one, else its `rules` as a list.
function howTo(screens, words) {
  const guide = screens?.howToPlay
    ? screens.howToPlay()
    : words?.texts("rules") &&
      h(
        "ul",
        {},
        words.texts("rules").map((line) => h("li", {}, line)),
      );
  return guide && h("details", { class: "how-to" }, h("summary", {}, t("howTo")), guide);
}

// A row of pill-shaped radio buttons (or one checkbox): `items` are [value, label, disabled].
function pills(name, items, checked, onchange, type = "radio") {
  return items.map(([value, label, disabled]) =>
    h(
      "label",
      { class: `choice${disabled ? " unavailable" : ""}` },
      h("input", {
        type,
        name,
        value,
        id: `${name}-${value}`, // the shell gives the focus back to it after a redraw
        checked: checked(value),
        disabled,
        onchange,
      }),
      h("span", {}, label),
    ),
  );
}

function gamePicker(games, game, onchange) {
  const items = games.map((entry) => [entry.id, localized(entry.title), false]);
  return h(
    "fieldset",
    { class: "games" },
    h("legend", {}, t("game")),
    pills("game", items, (id) => id === game.id, onchange),
  );
}

function playersPicker(game, players, screens, onchange) {
  const fits = narrow.matches && screens?.narrowSeats ? screens.narrowSeats : game.seats.max;
  const chosen = Math.max(game.seats.min, Math.min(players, fits, game.seats.max));
  const items = [];
  for (let n = game.seats.min; n <= game.seats.max; n++) items.push([n, String(n), n > fits]);
  return h(
    "fieldset",
    { class: "players" },
    h("legend", {}, t("players")),
    pills("players", items, (n) => n === chosen, onchange),
  );
}

function levelPicker(game, level, words, onchange) {
  const chosen = game.levels.includes(level) ? level : game.levels[0];
  const items = game.levels.map((name) => [name, name.replace("_", " ").toUpperCase(), false]);
  return h(
    "fieldset",
    { class: "levels" },
    h("legend", {}, t("level")),
    pills("level", items, (name) => name === chosen, onchange),
    h("p", { class: "level-note", id: "level-note" }, levelNote(words, chosen)),
  );
}

function levelNote(words, level) {
  return words?.texts("levelNotes")?.[level] ?? "";
}

// One of the game's options: a switch, a choice among names, a number in its range, or a
// table of entries (an array).
function optionField(option, chosen, words, onchange) {
  const name = `option-${option.name}`;
  const value = chosen[option.name] ?? option.default;
  const label = optionLabel(words, option.name, option);
  if (option.kind === "array") return arrayField(option, value, label, words, onchange);
  let field;
  if (option.kind === "boolean") {
    field = pills(name, [["on", label, false]], () => value, onchange, "checkbox");
  } else if (option.choices) {
    const items = option.choices.map((choice) => [choice, choice, false]);
    field = pills(name, items, (choice) => choice === value, onchange);
  } else {
    field = h("input", {
      type: option.kind === "integer" ? "number" : "text",
      class: "option-value",
      name,
      id: name,
      value: value ?? "",
      min: option.minimum,
      max: option.maximum,
      // An option whose default is none (no limit, say) may be left empty.
      required: option.default !== null,
      onchange,
    });
  }
  return h(
    "fieldset",
    { class: "option" },
    option.kind !== "boolean" && h("legend", {}, label),
    field,
  );
}

// The choice the form shows: its game, players, level and options.
function readForm(form, game) {
  const data = new FormData(form);
  const options = {};
  for (const option of game.options) {
    const raw = data.get(`option-${option.name}`);
    if (option.kind === "array") options[option.name] = entriesOf(form, option);
    else if (option.kind === "boolean") options[option.name] = raw !== null;
    else if (raw === "" && option.default === null) continue; // left empty: the default, none
    else options[option.name] = option.kind === "integer" ? Number(raw) : raw;
  }
  return {
    game: data.get("game"),
    players: Number(data.get("players")),
    level: data.get("level"),
    options,
  };
}

// What the person reads for an option (or, by "<array>.<field>", an array's field): the
// game's word for it, else the server's description.
function optionLabel(words, key, option) {
  return words?.texts("options")?.[key] ?? option.description ?? option.name;
}

// An array option (Hold'em's blind schedule): one row per entry, one field per item field
// within its bounds, rows added and removed; it starts with the chosen or default entries.
// Rows change in place, the form keeping its own state (app.js `choose`): the fieldset hears
// its fields' changes and says when a row comes or goes.
function arrayField(option, value, label, words, onchange) {
  const name = `option-${option.name}`;
  const labels = option.items.map((item) =>
    optionLabel(words, `${option.name}.${item.name}`, item),
  );
  const rows = h("tbody", {});
  const changed = () => fieldset.dispatchEvent(new Event("change"));
  const removed = () => {
    addButton.focus(); // the focus was on the row's button, gone with it
    changed();
  };
  const add = (entry) => rows.append(arrayRow(option, entry, labels, removed));
  const addButton = h(
    "button",
    {
      type: "button",
      id: `${name}-add`,
      onclick: () => {
        add(null);
        rows.lastChild.querySelector("input").focus();
        changed();
      },
    },
    t("addEntry"),
  );
  (Array.isArray(value) ? value : option.default).forEach(add); // a match saved before: text
  const columns = labels.map((text) => h("th", { scope: "col" }, text));
  const fieldset = h(
    "fieldset",
    { class: "option entries", id: name, onchange },
    h("legend", {}, label),
    h("table", {}, h("thead", {}, h("tr", {}, columns, h("td", {}))), rows),
    h("p", { class: "no-entries" }, t("noEntries")),
    addButton,
  );
  return fieldset;
}

// One entry's row: its fields (empty for a new entry, to be filled in) and "remove".
function arrayRow(option, entry, labels, removed) {
  const fields = option.items.map((item, column) =>
    h("td", {}, entryInput(option, item, entry?.[item.name], labels[column])),
  );
  const remove = () => {
    row.remove();
    removed();
  };
  const row = h(
    "tr",
    { class: "entry" },
    fields,
    h(
      "td",
      {},
      h(
        "button",
        { type: "button", class: "remove-entry", "aria-label": t("removeEntry"), onclick: remove },
        "×",
      ),
    ),
  );
  return row;
}

function entryInput(option, item, value, label) {
  const attrs = {
    name: `option-${option.name}.${item.name}`,
    "data-field": item.name,
    "aria-label": label,
  };
  if (item.kind === "boolean") return h("input", { ...attrs, type: "checkbox", checked: value });
  return h("input", {
    ...attrs,
    type: item.kind === "integer" ? "number" : "text",
    class: "option-value",
    value: value ?? "",
    min: item.minimum,
    max: item.maximum,
    required: true, // an entry has every field (engine `Option`)
  });
}

// The entries an array option's rows hold, in order, each field of its item kind.
function entriesOf(form, option) {
  const rows = form.querySelectorAll(`#option-${option.name} tr.entry`);
  return [...rows].map((row) =>
    Object.fromEntries(
      option.items.map((item) => {
        const input = row.querySelector(`[data-field="${item.name}"]`);
        if (item.kind === "boolean") return [item.name, input.checked];
        const raw = input.value;
        return [item.name, item.kind === "integer" && raw !== "" ? Number(raw) : raw];
      }),
    ),
  );
}
