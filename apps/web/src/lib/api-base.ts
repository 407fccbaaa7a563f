/** Where the API lives (its own module: error reporting needs it before the API client and the contract load). */
export const API_BASE = '/api/1.0';
