// unit and bare names, arrays, nested dicts, type attrs, symbol refs, dialect attributes.
func.func @misc(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.Foo"(%arg0) {flag, u = unit, t = true, f = false, arr = [1, 2, 3], mixed = [1 : i32, "s", [], [true, 2.0]], empty = [], nested = {a = {b = [{}]}}, T = f32, Tidx = i32, Tout = [f32, i1, ui8], shape = tensor<2x3xf32>, dyn = tensor<?x4xf32>, dt = !tf_type.string, ui = tensor<*xbf16>, idx = index, fn = @callee, nested_sym = @outer::@inner, q = @"quoted sym", s1 = #tf_type.shape<2x?>, s2 = #tf_type.shape<*>, s3 = #tf_type.shape<>, feat = #tf_type<feature "x">, arr64 = array<i64: 1, -2, 3>, arrf = array<f32: 1.5, 2.0>, arrb = array<i1: true, false>, arrempty = array<i64>, strided = strided<[?, 1], offset: ?>, ftype = (tensor<f32>, i32) -> (tensor<f32>)} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func private @callee() {
  return
}
