// The email form's words, which it imports only when sending the code failed. Imported with
// import() through a module of their own, they need no module namespace object, which would
// bring Rolldown's runtime to /otp and /welcome (they import auth-messages.ts directly).
export { emailSignInProblem } from "#client/lib/auth-messages.ts";
