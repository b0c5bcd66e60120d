// The JSON API under /api (docs/decisions/0016-json-api.md). Status messages follow spec §8
// ("…, Please, contact staff."); the rest are the API's own answers.
export default {
  status: {
    "400": "Invalid request. Please, contact staff.",
    "401": "Unauthorized. Please, contact staff.",
    "403": "Access to this page is not permitted. Please, contact staff.",
    "404": "Not found this page. Please, contact staff.",
    "405": "Invalid request method. Please, contact staff.",
    "406": "This call answers JSON only (Accept: application/json).",
    "413": "Request entity too large. Please, contact staff.",
    "429": "Too many attempts. Please wait 15 minutes and try again.",
    "500": "Internal server error. Please, contact staff.",
  },
  tokenExpired: "Your sign-in has expired. Please sign in again.",
  wrongCredentials: "The e-mail or password is incorrect.",
  validation: {
    body: "The body must be a JSON object.",
    required: "{{field}} is required",
    invalid: "{{field}} is invalid",
    orderStatusIds: "Give 1 to 20 order statuses, each a known order_status_id",
    money: "money must be a number from 0 to 1,000,000,000",
    page: "page must be a whole number from 1",
  },
} as const;
