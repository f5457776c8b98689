import { configure } from '@testing-library/react';

// The web tests run beside the server, PostgreSQL, browser and PHP parts of `npm test` on a 2-core machine, where a
// render can take longer than testing-library's 1 s default: findBy* and waitFor wait up to 5 s for what a user
// would see (a wait ends as soon as it is there, so a passing test is no slower).
configure({ asyncUtilTimeout: 5_000 });
