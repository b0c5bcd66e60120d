// Spec §8, error catalogue.
export default {
  title: {
    "400": "Bad Request",
    "401": "Unauthorized",
    "403": "Forbidden",
    "404": "Not Found",
    "405": "Method Not Allowed",
    "408": "Request Timeout",
    "413": "Request Entity Too Large",
    "500": "Internal Server Error",
    "502": "Bad Gateway",
    "503": "Service Unavailable",
    default: "An error occurred",
  },
  detail: {
    "400": "Invalid request.",
    "401": "Unauthorized.",
    "403": "Access to this page is not permitted.",
    "404": "Not found this page.",
    "405": "Invalid request method.",
    "408": "Request timeout.",
    "413": "Request entity too large.",
    "500": "Internal server error.",
    "502": "Bad gateway.",
    "503": "Service unavailable.",
    default: "An error occurred.",
  },
  contactStaff: "Please, contact staff.",
  backHome: "Back to home",
  statusCode: "Error {{status}}",
  // The 401 page's countdown to the sign-in page (app/ui/error-page.tsx).
  unauthorized: {
    countdown_one: "You will be signed out and taken to the sign-in page in {{count}} second.",
    countdown_other: "You will be signed out and taken to the sign-in page in {{count}} seconds.",
    signingOut: "Signing out…",
    now: "Sign in again now",
  },
} as const;
