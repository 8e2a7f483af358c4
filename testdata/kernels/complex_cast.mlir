// Cast to and from complex types (TF's static_cast of std::complex): complex<f32> to f32, i32 (the real part,
// truncated and saturated, NaN to 0), i1 (z != 0), complex<f64> and f16; f32, i32 and i1 to complex (x + 0i);
// complex<f64> to complex<f32> (each part rounded, 1e300 to Inf) and to i64.
func.func @test(%z: tensor<?xcomplex<f32>>, %x: tensor<?xf32>, %i: tensor<?xi32>, %b: tensor<?xi1>, %w: tensor<?xcomplex<f64>>) -> (tensor<?xf32>, tensor<?xi32>, tensor<?xi1>, tensor<?xcomplex<f64>>, tensor<?xf16>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xi64>) {
  %0 = "tf.Cast"(%z) {Truncate = false} : (tensor<?xcomplex<f32>>) -> tensor<?xf32>
  %1 = "tf.Cast"(%z) : (tensor<?xcomplex<f32>>) -> tensor<?xi32>
  %2 = "tf.Cast"(%z) : (tensor<?xcomplex<f32>>) -> tensor<?xi1>
  %3 = "tf.Cast"(%z) : (tensor<?xcomplex<f32>>) -> tensor<?xcomplex<f64>>
  %4 = "tf.Cast"(%z) : (tensor<?xcomplex<f32>>) -> tensor<?xf16>
  %5 = "tf.Cast"(%x) : (tensor<?xf32>) -> tensor<?xcomplex<f64>>
  %6 = "tf.Cast"(%i) : (tensor<?xi32>) -> tensor<?xcomplex<f32>>
  %7 = "tf.Cast"(%b) : (tensor<?xi1>) -> tensor<?xcomplex<f32>>
  %8 = "tf.Cast"(%w) : (tensor<?xcomplex<f64>>) -> tensor<?xcomplex<f32>>
  %9 = "tf.Cast"(%w) : (tensor<?xcomplex<f64>>) -> tensor<?xi64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?xf32>, tensor<?xi32>, tensor<?xi1>, tensor<?xcomplex<f64>>, tensor<?xf16>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xi64>
}
