// Complex NaN and Inf rules: every pair of the 49 complex numbers whose parts are 0, -0, 1.5, -2, Inf, -Inf, NaN,
// broadcast (49x1 by 1x49). Mul is (ac-bd) + (ad+bc)i with no recovery of infinities (numpy); Div is Smith's
// algorithm with C99's corrections (Go's runtime; x/0 is an infinity where numpy gives inf+nan*j); ComplexAbs is
// C99's hypot (Inf if a part is, even with a NaN one) and Angle atan2(im, re) with its signed zeros and infinities.
func.func @test(%x: tensor<49x1xcomplex<f32>>, %y: tensor<1x49xcomplex<f32>>, %u: tensor<49x1xcomplex<f64>>, %v: tensor<1x49xcomplex<f64>>) -> (tensor<49x49xcomplex<f32>>, tensor<49x49xcomplex<f32>>, tensor<49x49xcomplex<f32>>, tensor<49x49xcomplex<f64>>, tensor<49x49xcomplex<f64>>, tensor<49x49xcomplex<f64>>, tensor<49x1xf32>, tensor<49x1xf32>, tensor<49x1xf64>, tensor<49x1xf64>) {
  %0 = "tf.Mul"(%x, %y) : (tensor<49x1xcomplex<f32>>, tensor<1x49xcomplex<f32>>) -> tensor<49x49xcomplex<f32>>
  %1 = "tf.Div"(%x, %y) : (tensor<49x1xcomplex<f32>>, tensor<1x49xcomplex<f32>>) -> tensor<49x49xcomplex<f32>>
  %2 = "tf.AddV2"(%x, %y) : (tensor<49x1xcomplex<f32>>, tensor<1x49xcomplex<f32>>) -> tensor<49x49xcomplex<f32>>
  %3 = "tf.Mul"(%u, %v) : (tensor<49x1xcomplex<f64>>, tensor<1x49xcomplex<f64>>) -> tensor<49x49xcomplex<f64>>
  %4 = "tf.RealDiv"(%u, %v) : (tensor<49x1xcomplex<f64>>, tensor<1x49xcomplex<f64>>) -> tensor<49x49xcomplex<f64>>
  %5 = "tf.Sub"(%u, %v) : (tensor<49x1xcomplex<f64>>, tensor<1x49xcomplex<f64>>) -> tensor<49x49xcomplex<f64>>
  %6 = "tf.ComplexAbs"(%x) : (tensor<49x1xcomplex<f32>>) -> tensor<49x1xf32>
  %7 = "tf.Angle"(%x) : (tensor<49x1xcomplex<f32>>) -> tensor<49x1xf32>
  %8 = "tf.ComplexAbs"(%u) : (tensor<49x1xcomplex<f64>>) -> tensor<49x1xf64>
  %9 = "tf.Angle"(%u) : (tensor<49x1xcomplex<f64>>) -> tensor<49x1xf64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<49x49xcomplex<f32>>, tensor<49x49xcomplex<f32>>, tensor<49x49xcomplex<f32>>, tensor<49x49xcomplex<f64>>, tensor<49x49xcomplex<f64>>, tensor<49x49xcomplex<f64>>, tensor<49x1xf32>, tensor<49x1xf32>, tensor<49x1xf64>, tensor<49x1xf64>
}
