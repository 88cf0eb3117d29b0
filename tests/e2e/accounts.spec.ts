import { accountMessages } from '../../src/domain/accounts/account-forms';
import { emailChangeMessages } from '../../src/domain/accounts/email-change';
import { passwordMessages } from '../../src/domain/accounts/password';
import { usernameMessages } from '../../src/domain/accounts/username';
import { expect, failedRequest, lastMailedLink, submitSignInForm, test } from './support/fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(-9);

test('a visitor signs up, confirms the e-mail, signs in, lands on /browse and signs out', async ({ page, request }) => {
  const username = `e2e_${unique()}`;
  const email = `${username}@example.test`;

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await expect(page.getByText('Username is available.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('juniper-lantern-8');
  await page.getByLabel('Confirm Password').fill('juniper-lantern-8');
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(accountMessages.signUpSuccess)).toBeVisible();

  await page.goto(await lastMailedLink(request, email));
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByText('Your email is confirmed. You can now sign in.')).toBeVisible();

  await submitSignInForm(page, email, 'juniper-lantern-8');
  await expect(page).toHaveURL(/\/browse$/);

  await page.getByRole('button', { name: `Hi, ${username}!` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

// The refusals of the sign-in and sign-up forms, a step each on one page.
test('the sign-in and sign-up forms refuse what they must, in the spec’s words', async ({
  page,
  makeUser,
  allowConsoleErrors,
}) => {
  test.setTimeout(60_000);
  allowConsoleErrors(
    failedRequest(401, /\/api\/auth\/sign-in\/email$/), // the refusals the test asks for
    failedRequest('failed', /\/api\/accounts\/username-availability\?/), // the check it cuts off
  );

  /** Signs in from the login page and sees the refusal a wrong password gets, with its word for new users. */
  const expectSignInRefused = async (email: string, password: string) => {
    await page.goto('/login');
    await submitSignInForm(page, email, password);
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await expect(page.getByRole('alert').getByText(accountMessages.unconfirmedHint)).toBeVisible();
  };

  await test.step('a wrong password shows the provider’s message', async () => {
    const user = await makeUser();
    await expectSignInRefused(user.email, 'not-the-password');
  });

  await test.step('signing in before confirming the e-mail is refused as a wrong password is, with a word for new users', async () => {
    // Refused exactly as a wrong password, so nobody learns which addresses signed up.
    const user = await makeUser({ emailVerified: false, password: 'waiting-for-mail-1' });
    await expectSignInRefused(user.email, 'waiting-for-mail-1');
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the sign-up form shows every validation message', async () => {
    const taken = await makeUser({ username: `Taken_${unique()}` });
    await page.goto('/signup');

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(usernameMessages.invalid)).toBeVisible();
    await expect(page.getByText(accountMessages.emailRequired)).toBeVisible();
    await expect(page.getByText(passwordMessages.tooShort)).toBeVisible();
    await expect(page.getByText(accountMessages.termsRequired)).toBeVisible();

    const usernameField = page.getByLabel('Username');
    await usernameField.fill('ab cd-!');
    await expect(usernameField).toHaveValue('abcd');

    await usernameField.fill(taken.username.toLowerCase());
    await usernameField.blur();
    await expect(page.getByText(usernameMessages.taken)).toBeVisible();

    await page.route('**/api/accounts/username-availability*', (route) => route.abort());
    await usernameField.fill(`free_${unique()}`);
    await usernameField.blur();
    await expect(page.getByText(usernameMessages.checkFailed)).toBeVisible();
    await page.unroute('**/api/accounts/username-availability*');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(accountMessages.emailInvalid)).toBeVisible();
    await expect(page.getByText(passwordMessages.common)).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('kettle-on-now-9');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(passwordMessages.mismatch)).toBeVisible();
  });

  await test.step('a blank Confirm Password does not match, and nothing is sent', async () => {
    await page.goto('/signup');
    const signUps: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/accounts/sign-up')) signUps.push(request.url());
    });
    await page.getByLabel('Username').fill(`blank_${unique()}`);
    await page.getByLabel('Email').fill(`blank-${unique()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('kettle-on-now-9');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(passwordMessages.mismatch)).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    expect(signUps).toEqual([]);
  });
});

test('the redirect rules send each visitor where they belong', async ({ page, makeUser, signIn }) => {
  test.slow(); // a dozen full page loads in one journey
  await page.goto('/dashboard/lists');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Flists$/);
  await page.goto('/create');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcreate$/);
  await page.goto('/me?tab=settings');
  await expect(page.getByText('Please sign in to view your dashboard.')).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // Signing in from the redirect returns to where the visitor was going.
  const user = await makeUser({ password: 'return-me-there-1' });
  await page.goto('/dashboard/lists');
  await submitSignInForm(page, user.email, 'return-me-there-1');
  await expect(page).toHaveURL(/\/dashboard\/lists$/);

  const other = await makeUser();
  // Leave the signed-in page first: its notification stream would reconnect without a cookie (401).
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(other);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/create');
  await expect(page).toHaveURL(/\/create$/);
});

test('a user who forgot the password resets it by e-mail and signs in with the new one', async ({
  page,
  request,
  makeUser,
}) => {
  const user = await makeUser({ password: 'first-password-1' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the lazy screen is rendered, and Sign In's own Email field stays on
  // screen until then: fill the field once the new screen is there.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(accountMessages.resetRequested)).toBeVisible();

  await page.goto(await lastMailedLink(request, user.email));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New Password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm New Password').fill('second-password-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByText(accountMessages.resetDone)).toBeVisible();

  await submitSignInForm(page, user.email, 'second-password-2');
  await expect(page).toHaveURL(/\/browse$/);
});

test('a user changes the e-mail address, and the old address takes the account back', async ({
  page,
  request,
  makeUser,
  signIn,
}) => {
  const user = await makeUser({ password: 'moving-house-1' });
  const newEmail = `moved_${unique()}@example.test`;
  await signIn(user);
  await page.goto('/me?tab=account');
  await page.getByRole('button', { name: 'Change Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Email' });
  await dialog.getByLabel('New Email').fill(newEmail);
  await dialog.getByLabel('Current Password').fill('moving-house-1');
  await dialog.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByText(accountMessages.emailChangeSent)).toBeVisible();

  await page.goto(await lastMailedLink(request, newEmail));
  await expect(page).toHaveURL(/\/email-change\?result=confirmed$/);
  await expect(page.getByText(emailChangeMessages.confirmed)).toBeVisible();

  // The old address was mailed a way back; the page asks before it acts.
  await page.goto(await lastMailedLink(request, user.email));
  await expect(page.getByRole('heading', { name: emailChangeMessages.undoTitle })).toBeVisible();
  await page.getByRole('button', { name: emailChangeMessages.undoButton }).click();
  await expect(page.getByText(emailChangeMessages.undone)).toBeVisible();
  // Every session ended, this browser's too: the header says so at once.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Every session ended, this browser's too; the restored address has a link to a new password.
  expect(await lastMailedLink(request, user.email)).toMatch(/\/api\/auth\/reset-password\//);
});

test.describe('on a 390 px screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu shows the links, who is logged in, and signs out', async ({ page, makeUser, signIn }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Browse' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const user = await makeUser();
    await signIn(user);
    await page.goto('/about');
    // The signed-in header is rendered once the session is known (its bell shows): open the menu then.
    await expect(page.getByRole('button', { name: /notification/i })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByText(`@${user.username}`)).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Logged in as')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });
});
