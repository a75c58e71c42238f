// Plain stylesheets have no effect in jsdom.
module.exports = {};
