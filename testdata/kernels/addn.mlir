// sandjit-test: rtol=0 atol=0
// AddN (the sum of N tensors of one shape) in TensorFlow's order (core/kernels/aggregate_ops.h): the first
// N mod 8 operands left to right (8 when that is 0, 9 when it is 1), then each further 8 summed left to right
// and added to the total. f32 with N = 1, 2, 3, 10 (2, then 8) and 17 (9, then 8), inputs of mixed magnitudes
// (1e8, -1e8, 1, 3e38, inf, NaN, -0) so that another order gives other bits; i32 wrapping; f16 and bf16
// rounded after every addition (Eigen's half and bfloat16 +); complex<f32> and complex<f64> part by part
// (N = 3 and 9). Dynamic rows; empty and one-row cases.
func.func @test(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: tensor<?x4xf32>, %i: tensor<?x4xi32>, %j: tensor<?x4xi32>, %h: tensor<?x4xf16>, %k: tensor<?x4xf16>, %g: tensor<?x4xbf16>, %l: tensor<?x4xbf16>, %z: tensor<?x4xcomplex<f32>>, %y: tensor<?x4xcomplex<f32>>, %w: tensor<?x4xcomplex<f64>>, %v: tensor<?x4xcomplex<f64>>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xi32>, tensor<?x4xf16>, tensor<?x4xbf16>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f64>>) {
  %0 = "tf.AddN"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tf.AddN"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "tf.AddN"(%a, %b, %c) : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %3 = "tf.AddN"(%a, %b, %c, %a, %b, %c, %a, %b, %c, %a) : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %4 = "tf.AddN"(%c, %a, %b, %c, %a, %b, %c, %a, %b, %c, %a, %b, %c, %a, %b, %c, %a) : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %5 = "tf.AddN"(%i, %j, %i) : (tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x4xi32>) -> tensor<?x4xi32>
  %6 = "tf.AddN"(%h, %k, %h, %k, %h) : (tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>) -> tensor<?x4xf16>
  %7 = "tf.AddN"(%g, %l, %g) : (tensor<?x4xbf16>, tensor<?x4xbf16>, tensor<?x4xbf16>) -> tensor<?x4xbf16>
  %8 = "tf.AddN"(%z, %y, %z) : (tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>) -> tensor<?x4xcomplex<f32>>
  %9 = "tf.AddN"(%w, %w, %v, %w, %v, %w, %v, %w, %v) : (tensor<?x4xcomplex<f64>>, tensor<?x4xcomplex<f64>>, tensor<?x4xcomplex<f64>>, tensor<?x4xcomplex<f64>>, tensor<?x4xcomplex<f64>>, tensor<?x4xcomplex<f64>>, tensor<?x4xcomplex<f64>>, tensor<?x4xcomplex<f64>>, tensor<?x4xcomplex<f64>>) -> tensor<?x4xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xi32>, tensor<?x4xf16>, tensor<?x4xbf16>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f64>>
}
