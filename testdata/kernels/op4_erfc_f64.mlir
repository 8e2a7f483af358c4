// sandjit-test: rtol=1e-12 atol=1e-300
// Erfc on f64, held to relative accuracy into the tail (x up to 26, results near 1e-296) and past it
// into the denormals (x = 27).
func.func @test(%arg0: tensor<?xf64>) -> tensor<?xf64> {
  %0 = "tf.Erfc"(%arg0) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  func.return %0 : tensor<?xf64>
}
