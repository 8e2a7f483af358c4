// Complex Exp, Log and Sqrt at the 49 complex numbers whose parts are 0, -0, 1.5, -2, Inf, -Inf, NaN: C99 Annex G's
// special cases (math/cmplx and numpy agree on all 49), for complex<f32> and complex<f64>.
func.func @test(%x: tensor<49xcomplex<f32>>, %w: tensor<49xcomplex<f64>>) -> (tensor<49xcomplex<f32>>, tensor<49xcomplex<f32>>, tensor<49xcomplex<f32>>, tensor<49xcomplex<f64>>, tensor<49xcomplex<f64>>, tensor<49xcomplex<f64>>) {
  %0 = "tf.Exp"(%x) : (tensor<49xcomplex<f32>>) -> tensor<49xcomplex<f32>>
  %1 = "tf.Log"(%x) : (tensor<49xcomplex<f32>>) -> tensor<49xcomplex<f32>>
  %2 = "tf.Sqrt"(%x) : (tensor<49xcomplex<f32>>) -> tensor<49xcomplex<f32>>
  %3 = "tf.Exp"(%w) : (tensor<49xcomplex<f64>>) -> tensor<49xcomplex<f64>>
  %4 = "tf.Log"(%w) : (tensor<49xcomplex<f64>>) -> tensor<49xcomplex<f64>>
  %5 = "tf.Sqrt"(%w) : (tensor<49xcomplex<f64>>) -> tensor<49xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5 : tensor<49xcomplex<f32>>, tensor<49xcomplex<f32>>, tensor<49xcomplex<f32>>, tensor<49xcomplex<f64>>, tensor<49xcomplex<f64>>, tensor<49xcomplex<f64>>
}
