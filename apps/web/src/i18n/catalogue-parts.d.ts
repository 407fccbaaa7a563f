// The two parts of a message catalogue (vite.config.ts splits nl.json and en.json with isPublicMessage). Typed as
// the whole catalogue, the type react-intl takes (formatjs.d.ts): a public part is shown only on the pages whose
// ids it holds.
declare module '*.json?scope=public' {
  const messages: Record<FormatjsIntl.Message['ids'], string>;
  export default messages;
}

declare module '*.json?scope=app' {
  const messages: Record<FormatjsIntl.Message['ids'], string>;
  export default messages;
}
