// Stylesheets: CSS Modules give typed class maps; plain stylesheets are side effects.
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
/** Injected at build time by webpack.shared.js (DefinePlugin). */
declare const __APP_VERSION__: string;
declare const __BUILD_ID__: string;
