-- An operator's console login code is a purpose of its own (issue 30, docs/decisions/029): customer-side sends,
-- replacements, tries and verified windows only ever touch the other purposes, so nobody can lock an operator out
-- by asking /sendotp for the operator's email.
ALTER TYPE "public"."otp_purpose" ADD VALUE IF NOT EXISTS 'ops-login';
