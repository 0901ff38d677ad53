/**
 * JSON schemas of the account routes (contract-accounts.md). Request schemas check shapes only;
 * the SPEC §5 rules and their exact messages are applied by server/accounts.
 */

const text = (maxLength = 320) => ({ type: 'string', maxLength }) as const

/** `{ message, code, …extra }`, the body of every error (DECISIONS §6). */
export const errorBody = {
  type: 'object',
  required: ['message', 'code'],
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  additionalProperties: true,
} as const

const errors = { '4xx': errorBody, '5xx': errorBody } as const

const messageOnly = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const

const pendingSignup = {
  type: 'object',
  required: ['message', 'access_token', 'otp_response'],
  properties: {
    message: { type: 'string' },
    access_token: { type: 'string' },
    otp_response: {
      type: 'object',
      required: ['requestId'],
      properties: { requestId: { type: 'string' } },
    },
    /** The account's email, so the code screen can show it after a login by phone. */
    email: { type: 'string' },
  },
} as const

const resetTokenBody = {
  type: 'object',
  required: ['message', 'reset_token'],
  properties: { message: { type: 'string' }, reset_token: { type: 'string' } },
} as const

const body = (required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
})

export const registrationSchema = {
  body: body(['phone_number', 'email', 'first_name', 'password'], {
    phone_number: text(),
    email: text(),
    first_name: text(),
    password: text(),
    referral_id: { type: ['string', 'null'], maxLength: 64 },
  }),
  response: { 417: pendingSignup, ...errors },
}

export const verifySignupOtpSchema = {
  body: body(['otp', 'request_id'], { otp: text(16), request_id: text(128) }),
  response: { 200: resetTokenBody, ...errors },
}

export const sendSignupOtpSchema = {
  body: body(['email_id'], { email_id: text() }),
  response: {
    200: {
      type: 'object',
      required: ['message', 'otp_response'],
      properties: {
        message: { type: 'string' },
        otp_response: pendingSignup.properties.otp_response,
      },
    },
    ...errors,
  },
}

export const loginSchema = {
  body: body(['email', 'password'], {
    email: text(),
    login_type: text(32),
    password: text(64),
  }),
  response: {
    200: {
      type: 'object',
      required: ['message', 'access_token'],
      properties: { message: { type: 'string' }, access_token: { type: 'string' } },
    },
    417: pendingSignup,
    ...errors,
  },
}

export const forgotPasswordSchema = {
  body: body(['email_id'], { email_id: text() }),
  response: { 200: messageOnly, ...errors },
}

export const verifyResetOtpSchema = {
  body: body(['otp', 'email_id'], { otp: text(16), email_id: text() }),
  response: { 200: resetTokenBody, ...errors },
}

export const newPasswordSchema = {
  body: body(['email_id', 'new_password'], {
    email_id: text(),
    new_password: text(64),
    reset_token: { type: ['string', 'null'], maxLength: 128 },
  }),
  response: { 200: messageOnly, ...errors },
}

export const getUserSchema = {
  response: {
    200: {
      type: 'object',
      required: [
        'first_name',
        'email',
        'phone_number',
        'points',
        'views',
        'referral_id',
        'referral_count',
        'membership__video_point',
        'is_faulty',
        'platform_fee_paid',
        'email_verified',
      ],
      properties: {
        first_name: { type: 'string' },
        email: { type: 'string' },
        phone_number: { type: 'string' },
        points: { type: 'integer' },
        views: { type: 'integer' },
        referral_id: { type: 'string' },
        referral_count: { type: 'integer' },
        membership__video_point: { type: 'number' },
        is_faulty: { type: 'boolean' },
        platform_fee_paid: { type: 'boolean' },
        email_verified: { type: 'boolean' },
      },
    },
    ...errors,
  },
}

export const logoutSchema = {
  response: { 200: messageOnly, ...errors },
}
