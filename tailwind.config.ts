import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  // Dark when the page says so (class "dark"), or when it follows the system (class "system")
  // and the system is dark: pure CSS, so no flash and no JavaScript needed.
  darkMode: ["variant", ["&:is(.dark *)", "@media (prefers-color-scheme: dark) { &:is(.system *) }"]],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef9f3",
          100: "#d5f0e1",
          500: "#1f8a57",
          600: "#177047",
          700: "#125a39",
          800: "#0e472e",
        },
        sun: { 400: "#f6c343", 500: "#e8a90c" },
      },
    },
  },
  plugins: [],
} satisfies Config;
