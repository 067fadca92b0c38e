export const DEFAULT_THEME = '#1F6FEB';

/** The configured colour when it is one the settings allow (#RRGGBB), else the default. */
export const themeColor = (value) => (/^#[0-9a-f]{6}$/i.test(value || '') ? value : DEFAULT_THEME);

/** Black or white, whichever reads better on `hex` (WCAG contrast), since sites pick light colours too. */
export function textOn(hex) {
  const channel = (index) => {
    const value = parseInt(hex.substr(1 + 2 * index, 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : Math.pow((value + 0.055) / 1.055, 2.4);
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}
