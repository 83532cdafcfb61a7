// Every call to the application goes through here: one Tauri command per user action.
export async function call(command, args = {}) {
  const tauri = window.__TAURI__;
  if (!tauri || !tauri.core) throw { kind: "no-backend", message: "This page runs inside the Atout window." };
  return tauri.core.invoke(command, args);
}
