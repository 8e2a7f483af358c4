// Making complex tensors and taking them apart: Complex (f32 parts broadcast; f64 parts give complex<f64>), Real,
// Imag, Conj, ComplexAbs (hypot: no overflow at 3.4e38 or 1.7e308, subnormal parts kept) and Angle, on
// complex<f32> and complex<f64>, with NaN, Inf and signed-zero parts and empty tensors; an Identity result.
func.func @test(%re: tensor<?x4xf32>, %im: tensor<?xf32>, %z: tensor<?x?xcomplex<f32>>, %w: tensor<?xcomplex<f64>>) -> (tensor<?x4xcomplex<f32>>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xcomplex<f32>>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf64>, tensor<?xf64>, tensor<?xcomplex<f64>>, tensor<?xf64>, tensor<?xf64>, tensor<?xcomplex<f64>>) {
  %0 = "tf.Complex"(%re, %im) : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xcomplex<f32>>
  %1 = "tf.Real"(%z) : (tensor<?x?xcomplex<f32>>) -> tensor<?x?xf32>
  %2 = "tf.Imag"(%z) : (tensor<?x?xcomplex<f32>>) -> tensor<?x?xf32>
  %3 = "tf.Conj"(%z) : (tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %4 = "tf.ComplexAbs"(%z) : (tensor<?x?xcomplex<f32>>) -> tensor<?x?xf32>
  %5 = "tf.Angle"(%z) : (tensor<?x?xcomplex<f32>>) -> tensor<?x?xf32>
  %6 = "tf.Real"(%w) {Tout = f64} : (tensor<?xcomplex<f64>>) -> tensor<?xf64>
  %7 = "tf.Imag"(%w) {Tout = f64} : (tensor<?xcomplex<f64>>) -> tensor<?xf64>
  %8 = "tf.Conj"(%w) : (tensor<?xcomplex<f64>>) -> tensor<?xcomplex<f64>>
  %9 = "tf.ComplexAbs"(%w) {Tout = f64} : (tensor<?xcomplex<f64>>) -> tensor<?xf64>
  %10 = "tf.Angle"(%w) {Tout = f64} : (tensor<?xcomplex<f64>>) -> tensor<?xf64>
  %11 = "tf.Complex"(%6, %7) {Tout = complex<f64>} : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xcomplex<f64>>
  %12 = "tf.Identity"(%3) : (tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  func.return %0, %1, %2, %12, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<?x4xcomplex<f32>>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xcomplex<f32>>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf64>, tensor<?xf64>, tensor<?xcomplex<f64>>, tensor<?xf64>, tensor<?xf64>, tensor<?xcomplex<f64>>
}
