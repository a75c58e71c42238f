import { themeQuartz } from 'ag-grid-community';

/**
 * The ag-grid theme of the back office (Theming API), built from the design tokens in
 * styles/tokens.css so the grids follow the same colours, type and focus ring as everything
 * else. Values are CSS custom properties, resolved by the browser.
 */
export const sboGridTheme = themeQuartz.withParams({
  accentColor: 'var(--sbo-color-primary, #1d4ed8)',
  backgroundColor: 'var(--sbo-color-surface, #ffffff)',
  foregroundColor: 'var(--sbo-color-text, #1f2933)',
  textColor: 'var(--sbo-color-text, #1f2933)',
  borderColor: 'var(--sbo-color-border, #c4ccd6)',
  headerBackgroundColor: 'var(--sbo-color-surface-sunken, #eef1f5)',
  headerTextColor: 'var(--sbo-color-text, #1f2933)',
  headerFontWeight: 650,
  fontFamily: 'var(--sbo-font-family, system-ui, sans-serif)',
  fontSize: 14,
  headerFontSize: 14,
  rowHoverColor: 'var(--sbo-row-hover, #f0f4fa)',
  selectedRowBackgroundColor: 'var(--sbo-row-selected, #dbe7ff)',
  oddRowBackgroundColor: 'var(--sbo-color-surface, #ffffff)',
  wrapperBorderRadius: 6,
  borderRadius: 3,
  spacing: 6,
  focusShadow: '0 0 0 3px var(--sbo-focus-ring-color, #1d4ed8)',
  checkboxCheckedBackgroundColor: 'var(--sbo-color-primary, #1d4ed8)',
  checkboxUncheckedBorderColor: 'var(--sbo-color-border-strong, #6b7785)',
  browserColorScheme: 'light',
});
