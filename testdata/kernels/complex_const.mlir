// Complex constants as TF's MLIR printer writes them (issue 14): a splat (re,im) multiplied into and added to
// complex<f32> operands (folded into the nest as two part constants), a list of pairs and a hex blob (the bytes
// of complex<f64> elements, real part first) as operands, a splat returned (filled by a nest), a list constant
// returned through a Reshape (a view of the constant), and a complex<f64> splat broadcast by BroadcastTo.
func.func @test(%x: tensor<?x2xcomplex<f32>>, %y: tensor<2xcomplex<f64>>) -> (tensor<?x2xcomplex<f32>>, tensor<?x2xcomplex<f32>>, tensor<2xcomplex<f64>>, tensor<2x2xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<3x2xcomplex<f64>>, tensor<1x2xcomplex<f64>>) {
  %s = "tf.Const"() {device = "", value = dense<(2.000000e+00,-5.000000e-01)> : tensor<complex<f32>>} : () -> tensor<complex<f32>>
  %0 = "tf.Mul"(%x, %s) {device = ""} : (tensor<?x2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<?x2xcomplex<f32>>
  %l = "tf.Const"() {value = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-4.000000e+00)]> : tensor<2xcomplex<f32>>} : () -> tensor<2xcomplex<f32>>
  %1 = "tf.AddV2"(%x, %l) : (tensor<?x2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<?x2xcomplex<f32>>
  %h = "tf.Const"() {value = dense<"0x000000000000F03F000000000000F0BF0000000000000040000000000000E03F"> : tensor<2xcomplex<f64>>} : () -> tensor<2xcomplex<f64>>
  %2 = "tf.Sub"(%y, %h) : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  %3 = "tf.Const"() {value = dense<(0.000000e+00,-1.000000e+00)> : tensor<2x2xcomplex<f32>>} : () -> tensor<2x2xcomplex<f32>>
  %q = "tf.Const"() {value = dense<[[(1.0,-1.0), (2.0,-2.0)], [(3.0,-3.0), (0x7FF0000000000000,0x7FF8000000000000)]]> : tensor<2x2xcomplex<f64>>} : () -> tensor<2x2xcomplex<f64>>
  %shape = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %4 = "tf.Reshape"(%q, %shape) : (tensor<2x2xcomplex<f64>>, tensor<1xi32>) -> tensor<4xcomplex<f64>>
  %w = "tf.Const"() {value = dense<(-0.000000e+00,1.000000e+300)> : tensor<1x2xcomplex<f64>>} : () -> tensor<1x2xcomplex<f64>>
  %bs = "tf.Const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %5 = "tf.BroadcastTo"(%w, %bs) : (tensor<1x2xcomplex<f64>>, tensor<2xi32>) -> tensor<3x2xcomplex<f64>>
  %6 = "tf.Mul"(%y, %w) : (tensor<2xcomplex<f64>>, tensor<1x2xcomplex<f64>>) -> tensor<1x2xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?x2xcomplex<f32>>, tensor<?x2xcomplex<f32>>, tensor<2xcomplex<f64>>, tensor<2x2xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<3x2xcomplex<f64>>, tensor<1x2xcomplex<f64>>
}
