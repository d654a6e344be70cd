// Japanese (the source's language, the default) and English: the language the person chose,
// the shell's own texts, and `translator` for each game's table of texts.

const SHELL = {
  ja: {
    game: "ゲーム",
    players: "人数",
    level: "難易度",
    start: "ゲームスタート",
    continue: "続きから",
    record: "記録",
    close: "閉じる",
    language: "English",
    top: "トップへ",
    turnPhone: "端末を縦にしてください",
    howTo: "遊び方",
    error: "通信に失敗しました: {message}",
    reconnecting: "サーバーに再接続しています…",
    thinking: "ほかのプレイヤーが考えています…",
    lostMatch: "この試合はもう続けられません",
    noGames: "ゲームの一覧を読み込めませんでした",
    noScreens: "このゲーム({game})の画面はまだありません",
    addEntry: "行を追加",
    removeEntry: "この行を削除",
    noEntries: "なし",
  },
  en: {
    game: "Game",
    players: "Players",
    level: "Level",
    start: "Start",
    continue: "Continue",
    record: "Record",
    close: "Close",
    language: "日本語",
    top: "Top",
    turnPhone: "Turn your phone upright",
    howTo: "How to play",
    error: "Request failed: {message}",
    reconnecting: "Reconnecting to the server…",
    thinking: "The other players are thinking…",
    lostMatch: "This match cannot be continued",
    noGames: "The list of games could not be loaded",
    noScreens: "This client has no screens for {game} yet",
    addEntry: "Add a row",
    removeEntry: "Remove this row",
    noEntries: "None",
  },
};

const STORAGE_KEY = "flipside.lang";
let lang = localStorage.getItem(STORAGE_KEY) === "en" ? "en" : "ja";

export function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

// t(key, params) for one line and texts(key) for lists and tables, from `table` ({ ja, en })
// in the language chosen now; a key the table lacks is the shell's word ("top", "record").
export function translator(table) {
  const text = (key) => table[lang][key] ?? SHELL[lang][key];
  return {
    t: (key, params = {}) => fill(text(key) ?? key, params),
    texts: text,
  };
}

export const { t } = translator(SHELL);

// A text the server gives in both languages, such as a game's title.
export function localized(both) {
  return both[lang] ?? both.en ?? Object.values(both)[0];
}

export function toggleLang() {
  lang = lang === "ja" ? "en" : "ja";
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
}

document.documentElement.lang = lang;
