/**
 * The calls anyone may make without a session, each with the reason it may. The access matrix fails when a call
 * without a session scheme is missing here (a new call must either take a session or be listed on purpose), and
 * when an entry here is no longer a public call. Docs (`/api/docs`) and the loopback dev doors (`/dev/`) are
 * outside the matrix altogether.
 */
export const PUBLIC_CALLS: Record<string, string> = {
  // The catalogue anyone browses.
  'GET /fetch': 'the product list (spec)',
  'GET /product/{id}': 'a product (spec)',
  'GET /related-products/{category}': 'products of a category (spec)',
  'GET /fetch/review/{id}': "a product's public reviews (spec)",
  'GET /fetch/services': 'the professionals list (spec)',
  'GET /profesionaldetails/{id}': "a professional's public profile (spec)",
  'GET /fetch/review/service/{id}': "a professional's public reviews (spec)",
  'POST /api/viewstore': "a vendor's public store (spec)",
  'GET /api/products': 'the paged product list',
  'GET /api/services': 'the paged professionals list',
  'GET /api/search/suggest': 'search suggestions',
  'GET /api/vendor/{id}': "a vendor's public profile",
  'GET /api/vendor/{id}/price': "a professional's public price for a booking",
  'GET /api/vendor/{id}/booked-slots': 'which slots are taken (no customer data)',
  'GET /api/projects/{id}': "a vendor's public portfolio project",
  'GET /uploads/{file}': 'public product and project photos',
  'GET /api/geocode/reverse': 'Locate Me before login (rate-limited)',
  'GET /api/pincodes/{pin}': "a PIN code's district, state and centroid (public data, GeoNames)",
  'POST /api/delivery/quote': 'what delivering products to a PIN costs and when (public prices and settings only)',
  'GET /api/vendors/{id}/slots': "a professional's bookable start times (no booking's owner or address; decision 037)",
  'GET /api/webhooks/whatsapp': "WhatsApp's webhook verification (answers the challenge only for the verify token; decision 038)",
  'POST /api/webhooks/whatsapp': "WhatsApp's webhook (signed with the app secret, checked on the raw body; decision 038)",
  // The seed's original frontend's own calls, beyond the spec (docs/api-contract.md).
  'GET /datedeatils/{vendorId}': "a professional's taken slots (no customer data)",
  'POST /updateview/{productId}': 'counts a product view (one per client and product in 30 minutes)',
  'POST /recent-products': 'recently viewed products by id (public product data only)',
  // Getting a session: login, signup, codes, password reset. Each is rate-limited and answers refusals without a cookie.
  'POST /profiledata': 'customer signup (spec)',
  'POST /fetch/userprofile': 'customer password login (spec)',
  'POST /sendotp': 'mail a login or reset code (spec)',
  'POST /verifyotp': 'check a mailed code (spec)',
  'POST /login-with-otp': 'customer code login (spec)',
  'PUT /forgetpassword': 'reset a password after a verified code (spec)',
  'POST /google-login/customer': 'Google sign-in (spec)',
  'POST /api/vendor/signup': 'vendor signup',
  'POST /api/vendor/login': 'vendor password login',
  'POST /api/vendor/login-with-otp': 'vendor code login',
  'POST /api/ops/login': "an operator's password; opens nothing by itself",
  'POST /api/ops/login/verify': "an operator's mailed code after the password",
  'GET /api/session': 'who is logged in, or nobody',
  'POST /api/logout': 'ends whatever session the cookie names, if any',
  // Machines and the page itself.
  'GET /api/config': "the web app's public settings",
  'GET /api/ping': 'liveness for load balancers and benchmarks',
  'GET /healthz': 'health of the database and Redis for orchestration',
  'POST /api/vitals': 'web-vitals beacons (rate-limited, no personal data)',
  'POST /api/payments/razorpay/webhook': "the gateway's webhook, authenticated by its signature over the raw body",
};
