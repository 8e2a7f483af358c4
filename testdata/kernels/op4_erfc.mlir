// sandjit-test: rtol=1e-5 atol=1e-37
// Erfc on f32, held to relative accuracy down to the denormals: erfc(-Inf) = 2, erfc(+Inf) = 0, and tiny
// results up to x = 10, where 1 - erf(x) would give 0 (atol only forgives denormal rounding).
func.func @test(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Erfc"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
