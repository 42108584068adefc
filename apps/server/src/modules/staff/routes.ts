import {
  AcceptInvitationResponse,
  AddStaffBody,
  AddStaffResponse,
  AllPermissionResponse,
  ChangePasswordBody,
  ErrorResponse,
  HistoryQuery,
  HistoryResponse,
  InvitationIdParams,
  JoinBody,
  JoinInfo,
  JoinQuery,
  LoginResponse,
  MessageResponse,
  MyInvitationsResponse,
  PROFILE_PICTURE_MAX_BYTES,
  Profile,
  RevokeResponse,
  STAFF_SCOPE,
  StaffIdParams,
  StaffIdQuery,
  StaffInfo,
  StaffListResponse,
  StaffMember,
  scopeGroups,
  UpdateProfileBody,
  UpdateStaffBody,
} from '@backroom/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, forbidden } from '../../lib/errors.js';
import { hasScope } from '../../lib/guard.js';
import { requestMeta } from '../../lib/request-meta.js';
import type { App } from '../../lib/types.js';
import { mediaStorageFor, readFileField, sendMedia } from '../media/index.js';
import { acceptInvitation, cancelInvitation, declineInvitation, myInvitations, storeInvitations } from './invitations.js';
import { acceptJoin, joinInfo } from './join.js';
import type { Caller } from './rules.js';
import {
  addStaff,
  changePassword,
  deleteStaff,
  history,
  listStaff,
  revokeAllStaff,
  revokeStaff,
  setProfilePicture,
  staffInfo,
  updateProfile,
  updateStaff,
} from './service.js';

/** Password-change attempts: 10 per 15 minutes per user (guards the current-password check against guessing). */
export const CHANGE_PASSWORD_LIMIT = { points: 10, duration: 15 * 60 };

/** Profile pictures: the media policy's types that PROFILE_PICTURE_TYPES allows (PNG, JPEG, GIF, WebP). */
const PICTURE_NAME = /^[a-f0-9-]{36}\.(png|jpg|webp|gif)$/;
const PictureParams = z.object({ name: z.string().regex(PICTURE_NAME, 'name must be a picture file name') });
/** The OpenAPI description of a picture answer (binary; never serialised by Fastify, which sends the bytes as they are). */
const PictureBytes = z.string().meta({ format: 'binary' });

const caller = (req: FastifyRequest): Caller => ({ userId: req.auth.userId, email: req.auth.email, membership: req.auth.membership });

/**
 * Staff, permissions, profile and security history (spec admin-dashboard §6, §7 "Authentication and staff").
 * Staff routes need the `store` scope (STAFF_SCOPE, the Member screen's) and changes need the owner or admin role.
 * Every staff query is scoped to the X-Store-Id store: a person of another store answers 404.
 */
export default async function staffRoutes(app: App) {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const media = mediaStorageFor(app.config);
  const passwordLimiter = app.limiter({ name: 'change-password', what: 'attempts', ...CHANGE_PASSWORD_LIMIT });

  // Invitation links of new accounts (issue 31 item 6, join.ts): public (the link's token is the credential),
  // limited per IP like the reset link.
  const joinIp = app.limiter({ name: 'join-ip', what: 'invitation attempts', points: 30, duration: 15 * 60 });

  /** GET /api/auth/join?token&store&by → the "Join {shop} on Backroom" screen's facts; 400 for a dead or foreign link. */
  app.get(
    '/api/auth/join',
    {
      schema: {
        summary: 'What an invitation link of a new staff account shows',
        operationId: 'getJoinInvitation',
        tags: ['staff'],
        querystring: JoinQuery,
        response: { 200: JoinInfo, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      await joinIp.consume(req.ip);
      return joinInfo(app.db, req.query);
    },
  );

  /**
   * POST /api/auth/join {token, store, password} → {accessToken, refreshToken, storeId}: the invited person's
   * password (contracts NewPassword: 8–50, not a common one) is set and they are signed in to that shop.
   */
  app.post(
    '/api/auth/join',
    {
      schema: {
        summary: 'Accept a staff invitation by choosing a password',
        operationId: 'acceptJoinInvitation',
        tags: ['staff'],
        body: JoinBody,
        response: { 200: LoginResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      await joinIp.consume(req.ip);
      return acceptJoin(app.db, app.config, req.body, requestMeta(req));
    },
  );

  /** GET /api/auth/all-permission → every scope grouped as in the menu: {groups: [{group, scopes: [{scope, title}]}]}. */
  app.get(
    '/api/auth/all-permission',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: 'Every permission, grouped as in the menu',
        operationId: 'listPermissions',
        tags: ['staff'],
        response: { 200: AllPermissionResponse, ...errors },
      },
    },
    async () => ({ groups: scopeGroups() }),
  );

  /** GET /api/auth/store-permission → the caller's role and effective scopes in the X-Store-Id store. */
  app.get(
    '/api/auth/store-permission',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: 'My role and permissions in the store',
        operationId: 'getMyStorePermission',
        tags: ['staff'],
        response: { 200: StaffInfo, ...errors },
      },
    },
    async (req) => staffInfo(app.db, req.auth.storeId, req.auth.userId),
  );

  /**
   * GET /api/users/store-staffs → {staffs, invitations, canManage}: the store's members, owner first, and (for owners
   * and admins) the pending invitations of existing accounts. Scope: store.
   */
  app.get(
    '/api/users/store-staffs',
    {
      preHandler: app.guard({ scope: STAFF_SCOPE }),
      schema: { summary: "The store's staff", operationId: 'listStaff', tags: ['staff'], response: { 200: StaffListResponse, ...errors } },
    },
    async (req) => {
      const canManage = req.auth.membership.isStoreOwner || req.auth.membership.isStoreAdmin;
      return {
        staffs: await listStaff(app.db, req.auth.storeId),
        invitations: canManage ? await storeInvitations(app.db, req.auth.storeId) : [],
        canManage,
      };
    },
  );

  /**
   * GET /api/users/store-staff-info?staff_id= → {id, email, firstName, lastName, isStoreOwner, isStoreAdmin, scopes}
   * (spec §6). Any member may read their own; reading another member needs the `store` scope (403).
   */
  app.get(
    '/api/users/store-staff-info',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: 'Role and permissions of one member',
        operationId: 'getStaffInfo',
        tags: ['staff'],
        querystring: StaffIdQuery,
        response: { 200: StaffInfo, ...errors },
      },
    },
    async (req) => {
      if (req.query.staff_id !== req.auth.userId && !hasScope(req.auth.membership.scopes, STAFF_SCOPE)) throw forbidden();
      return staffInfo(app.db, req.auth.storeId, req.query.staff_id);
    },
  );

  /**
   * POST /api/users/add-store-staff → {staff, invitation, created, invited, messages}: a new account becomes a member
   * at once; an existing account gets an invitation to accept (issue 14 item 5). Owner/admin; 409 when already a member.
   */
  app.post(
    '/api/users/add-store-staff',
    {
      preHandler: app.guard({ scope: STAFF_SCOPE }),
      schema: {
        summary: 'Add or invite a staff member',
        operationId: 'addStaff',
        tags: ['staff'],
        body: AddStaffBody,
        response: { 200: AddStaffResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (req) => addStaff(app.db, app.config, app.jobs, caller(req), req.auth.storeId, req.body),
  );

  /** PUT /api/users/update-store-staff/{id} {scopes?, isStoreAdmin?} → the updated StaffMember. */
  app.put(
    '/api/users/update-store-staff/:id',
    {
      preHandler: app.guard({ scope: STAFF_SCOPE }),
      schema: {
        summary: "Change a member's permissions",
        operationId: 'updateStaff',
        tags: ['staff'],
        params: StaffIdParams,
        body: UpdateStaffBody,
        response: { 200: StaffMember, ...errors },
      },
    },
    async (req) => updateStaff(app.db, caller(req), req.auth.storeId, req.params.id, req.body),
  );

  /**
   * DELETE /api/users/logout-all-staff-account → {ok, revoked}: signs every member the caller may manage out of THIS
   * store (their other stores keep working).
   */
  app.delete(
    '/api/users/logout-all-staff-account',
    {
      preHandler: app.guard({ scope: STAFF_SCOPE }),
      schema: {
        summary: 'Sign out every staff member from this store',
        operationId: 'signOutAllStaff',
        tags: ['staff'],
        response: { 200: RevokeResponse, ...errors },
      },
    },
    async (req) => {
      const revoked = await revokeAllStaff(app.db, caller(req), req.auth.storeId, requestMeta(req));
      return {
        ok: true as const,
        revoked,
        messages: [`Your staff was signed out of this shop (${revoked} session${revoked === 1 ? '' : 's'})`],
      };
    },
  );

  /** DELETE /api/users/logout-staff-account/{id} → {ok, revoked}: signs one member out of THIS store (not their other stores). */
  app.delete(
    '/api/users/logout-staff-account/:id',
    {
      preHandler: app.guard({ scope: STAFF_SCOPE }),
      schema: {
        summary: 'Sign a member out of this store',
        operationId: 'signOutStaff',
        tags: ['staff'],
        params: StaffIdParams,
        response: { 200: RevokeResponse, ...errors },
      },
    },
    async (req) => {
      const revoked = await revokeStaff(app.db, caller(req), req.auth.storeId, req.params.id, requestMeta(req));
      return { ok: true as const, revoked, messages: [`Signed out of this shop (${revoked} session${revoked === 1 ? '' : 's'})`] };
    },
  );

  /** DELETE /api/users/delete-staff-account?staff_id= → {ok}: removes the person from this store. */
  app.delete(
    '/api/users/delete-staff-account',
    {
      preHandler: app.guard({ scope: STAFF_SCOPE }),
      schema: {
        summary: 'Remove a member from this store',
        operationId: 'removeStaff',
        tags: ['staff'],
        querystring: StaffIdQuery,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await deleteStaff(app.db, caller(req), req.auth.storeId, req.query.staff_id);
      return { ok: true as const, messages: ['The staff member was removed from this store'] };
    },
  );

  /** DELETE /api/users/store-invitations/{id} → {ok, messages}: withdraws a pending invitation. Owner/admin; 404 for another store's. */
  app.delete(
    '/api/users/store-invitations/:id',
    {
      preHandler: app.guard({ scope: STAFF_SCOPE }),
      schema: {
        summary: 'Cancel a pending staff invitation',
        operationId: 'cancelStaffInvitation',
        tags: ['staff'],
        params: InvitationIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await cancelInvitation(app.db, caller(req), req.auth.storeId, req.params.id);
      return { ok: true as const, messages: ['The invitation was cancelled'] };
    },
  );

  /** GET /api/users/invitations → {invitations}: the caller's own pending invitations to stores (the shop-choice screen). */
  app.get(
    '/api/users/invitations',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: 'My pending invitations to join a store',
        operationId: 'listMyInvitations',
        tags: ['staff'],
        response: { 200: MyInvitationsResponse, ...errors },
      },
    },
    async (req) => ({ invitations: await myInvitations(app.db, app.config, req.auth.userId) }),
  );

  /** POST /api/users/invitations/{id}/accept → {ok, storeId, messages}: the caller joins the store; 404 when not theirs. */
  app.post(
    '/api/users/invitations/:id/accept',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: 'Accept an invitation to join a store',
        operationId: 'acceptInvitation',
        tags: ['staff'],
        params: InvitationIdParams,
        response: { 200: AcceptInvitationResponse, ...errors },
      },
    },
    async (req) => acceptInvitation(app.db, req.auth.userId, req.params.id),
  );

  /** POST /api/users/invitations/{id}/decline → {ok, messages}: the caller turns the invitation down; 404 when not theirs. */
  app.post(
    '/api/users/invitations/:id/decline',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: 'Decline an invitation to join a store',
        operationId: 'declineInvitation',
        tags: ['staff'],
        params: InvitationIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => declineInvitation(app.db, req.auth.userId, req.params.id),
  );

  /** PUT /api/users {firstName, lastName, profilePicture?} → the caller's Profile. */
  app.put(
    '/api/users',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: 'Change my name or picture',
        operationId: 'updateProfile',
        tags: ['profile'],
        body: UpdateProfileBody,
        response: { 200: Profile, ...errors },
      },
    },
    async (req) => updateProfile(app.db, req.auth.userId, req.body),
  );

  /**
   * POST /api/users/profile-picture (multipart, field `file`: PNG, JPEG, GIF or WebP, at most 2 MB, recognised by
   * its bytes with the media module's one image policy — never SVG) → the caller's Profile with `profilePicture` =
   * `/api/users/profile-picture/{uuid}.{ext}`. The file is kept in the media storage under `avatars/` (DATA_DIR
   * or the S3 bucket). 400 naming `file` for a missing, malformed, too large or non-image upload.
   */
  app.post(
    '/api/users/profile-picture',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: 'Upload my profile picture',
        operationId: 'uploadProfilePicture',
        tags: ['profile'],
        consumes: ['multipart/form-data'],
        response: { 200: Profile, ...errors },
      },
    },
    async (req) => {
      const data = await readFileField(req, {
        maxBytes: PROFILE_PICTURE_MAX_BYTES,
        what: 'picture',
        tooLarge: () => badRequest('file: must be at most 2 MB'),
      });
      return setProfilePicture(app.db, media, req.auth.userId, data);
    },
  );

  /**
   * GET /api/users/profile-picture/{name} → the image bytes (public: <img> cannot send a token; names are random),
   * with the media module's headers (immutable, nosniff, CSP default-src 'none').
   */
  app.get(
    '/api/users/profile-picture/:name',
    {
      schema: {
        summary: 'A profile picture',
        operationId: 'getProfilePicture',
        tags: ['profile'],
        params: PictureParams,
        response: { 200: { description: 'The image bytes', content: { 'image/*': { schema: PictureBytes } } } },
      },
    },
    async (req, reply) => sendMedia(reply, media, `avatars/${req.params.name}`),
  );

  /** PUT /api/users/change-password {currentPassword, newPassword} → {ok, messages}; ends the caller's OTHER sessions. */
  app.put(
    '/api/users/change-password',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: 'Change my password',
        operationId: 'changePassword',
        tags: ['profile'],
        body: ChangePasswordBody,
        response: { 200: RevokeResponse, ...errors, 429: ErrorResponse },
      },
    },
    async (req) => {
      await passwordLimiter.consume(req.auth.userId);
      const revoked = await changePassword(app.db, req.auth.userId, req.auth.sessionId, req.body, requestMeta(req));
      return {
        ok: true as const,
        revoked,
        messages: [
          revoked > 0
            ? `Your password was changed and ${revoked} other session${revoked === 1 ? ' was' : 's were'} signed out`
            : 'Your password was changed',
        ],
      };
    },
  );

  /** GET /api/auth/history/?page&limit → the caller's sign-ins, failures, password changes and revocations, paged. */
  for (const url of ['/api/auth/history', '/api/auth/history/']) {
    app.get(
      url,
      {
        preHandler: app.guard({ scope: null, store: false }),
        schema: {
          summary: 'My security history',
          operationId: 'listSecurityHistory',
          tags: ['profile'],
          querystring: HistoryQuery,
          response: { 200: HistoryResponse, ...errors },
        },
      },
      async (req) => history(app.db, req.auth.userId, req.query.page, req.query.limit),
    );
  }
}
