// Complex dense literals as TensorFlow's MLIR printer writes them: (re,im) pairs in lists and splats, parts as
// floats, integers or hex bit patterns, and hex blobs of whole complex tensors or one element (a splat).
func.func @complex() -> (tensor<complex<f32>>, tensor<2xcomplex<f32>>, tensor<2x2xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<2xcomplex<f64>>, tensor<1xcomplex<f32>>) {
  %0 = "tf.Const"() {device = "", value = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>} : () -> tensor<complex<f32>>
  %1 = "tf.Const"() {value = dense<[(1.0, -2.0), (3, -4)]> : tensor<2xcomplex<f32>>} : () -> tensor<2xcomplex<f32>>
  %2 = "tf.Const"() {value = dense<[[(1.0,0.0), (0.0,1.0)], [(-1.0,-0.0), (0x7FF8000000000000,0xFFF0000000000000)]]> : tensor<2x2xcomplex<f64>>} : () -> tensor<2x2xcomplex<f64>>
  %3 = "tf.Const"() {value = dense<(5.000000e-01,-2.500000e-01)> : tensor<3xcomplex<f64>>} : () -> tensor<3xcomplex<f64>>
  %4 = "tf.Const"() {value = dense<"0x0000000000002440000000000000144000000000000024400000000000001440"> : tensor<2xcomplex<f64>>} : () -> tensor<2xcomplex<f64>>
  %5 = "tf.Const"() {value = dense<"0x0000803F00000040"> : tensor<1xcomplex<f32>>} : () -> tensor<1xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5 : tensor<complex<f32>>, tensor<2xcomplex<f32>>, tensor<2x2xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<2xcomplex<f64>>, tensor<1xcomplex<f32>>
}
